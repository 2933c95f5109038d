/** User and group administration as one lazy chunk (one import in the router for four routes). */
export { GroupEditPage } from "../group/GroupEdit.tsx";
export { GroupList } from "../group/GroupList.tsx";
export { UserEditPage } from "./UserEdit.tsx";
export { UserList } from "./UserList.tsx";
