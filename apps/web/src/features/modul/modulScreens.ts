/** The module-type screens in one lazy chunk (both are small): one import in the router instead of two. */
export { ModulEditPage } from "./ModulEdit.tsx";
export { ModulList } from "./ModulList.tsx";
