/** Both generic screens; import from ResourceList.tsx or ResourceEdit.tsx directly to keep list and edit chunks apart. */
export { ResourceEditPage } from "./ResourceEdit.tsx";
export { ResourceList } from "./ResourceList.tsx";
