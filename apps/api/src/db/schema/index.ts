export * from "./mandant.ts";
export * from "./tenant.ts";
export * from "./user.ts";
export * from "./stammdaten.ts";
