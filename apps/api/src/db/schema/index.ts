export * from "./artikel.ts";
export * from "./audit.ts";
export * from "./beleg.ts";
export * from "./kunde.ts";
export * from "./mandant.ts";
export * from "./stammdaten.ts";
export * from "./tenant.ts";
export * from "./user.ts";
