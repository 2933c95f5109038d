/** User and group edit forms as one lazy chunk (see adminLists.ts). */
export { GroupEditPage } from "../group/GroupEdit.tsx";
export { UserEditPage } from "./UserEdit.tsx";
