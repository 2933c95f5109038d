import { api } from "../../app/api.ts";

/** DELETE preisschienen/activate|deactivate/{id}: offers a price tier in selections again, or no longer. */
export const setPreisschieneAktiv = (id: number, aktiv: boolean) =>
  api.delete<unknown>(`preisschienen/${aktiv ? "activate" : "deactivate"}/${id}`);
