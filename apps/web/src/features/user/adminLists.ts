/**
 * User and group administration in two lazy chunks — the lists (generic list table) and the edit forms
 * (selections, authorities) — so the router holds two imports for four routes and no screen loads both kinds.
 */
export { GroupList } from "../group/GroupList.tsx";
export { UserList } from "./UserList.tsx";
