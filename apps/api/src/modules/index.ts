import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../deps.ts";
import { accountRoutes } from "./account/account.routes.ts";
import { arbeitszeitRoutes } from "./arbeitszeit/arbeitszeit.routes.ts";
import { artikelRoutes } from "./artikel/artikel.routes.ts";
import { artikelBildRoutes } from "./artikel/artikelBild.routes.ts";
import { artikelExcelRoutes } from "./artikel/artikelExcel.routes.ts";
import { artikelPdfRoutes } from "./artikel/artikelPdf.routes.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { belegRoutes } from "./beleg/beleg.routes.ts";
import { belegausgabeRoutes } from "./belegausgabe/belegausgabe.routes.ts";
import { belegMailRoutes } from "./belegausgabe/belegMail.routes.ts";
import { belegLinkRoutes } from "./beleglink/belegLink.routes.ts";
import { belegtextRoutes } from "./belegtext/belegtext.routes.ts";
import { benachrichtigungRoutes } from "./benachrichtigung/benachrichtigung.routes.ts";
import { contentRoutes } from "./content/content.routes.ts";
import { einheitRoutes } from "./einheit/einheit.routes.ts";
import { einladungRoutes } from "./einladung/einladung.routes.ts";
import { eingangRoutes } from "./erechnung/eingang.routes.ts";
import { erechnungRoutes } from "./erechnung/erechnung.routes.ts";
import { favoriteRoutes } from "./favorite/favorite.routes.ts";
import { felddefinitionRoutes } from "./felddefinition/felddefinition.routes.ts";
import { firmengruppeRoutes } from "./firmengruppe/firmengruppe.routes.ts";
import { groupRoutes } from "./group/group.routes.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { kassabuchRoutes } from "./kassabuch/kassabuch.routes.ts";
import { adresseRoutes } from "./kunde/adresse.routes.ts";
import { kundeRoutes } from "./kunde/kunde.routes.ts";
import { kundePdfRoutes } from "./kunde/kundePdf.routes.ts";
import { landRoutes } from "./land/land.routes.ts";
import { mandantRoutes } from "./mandant/mandant.routes.ts";
import { mandantLogoRoutes } from "./mandant/mandantLogo.routes.ts";
import { mehrwertssteuerRoutes } from "./mehrwertssteuer/mehrwertssteuer.routes.ts";
import { modulRoutes } from "./modul/modul.routes.ts";
import { noteRoutes } from "./note/note.routes.ts";
import { nummernkreisRoutes } from "./nummernkreis/nummernkreis.routes.ts";
import { preisschieneRoutes } from "./preisschiene/preisschiene.routes.ts";
import { quartalskalenderRoutes } from "./quartalskalender/quartalskalender.routes.ts";
import { rabattRoutes } from "./rabatt/rabatt.routes.ts";
import { rechnungsvorlageRoutes } from "./rechnungsvorlage/rechnungsvorlage.routes.ts";
import { rksvRoutes } from "./rksv/rksv.routes.ts";
import { totpRoutes } from "./totp/totp.routes.ts";
import { typenRoutes } from "./typen/typen.routes.ts";
import { userRoutes } from "./user/user.routes.ts";
import { warengruppeRoutes } from "./warengruppe/warengruppe.routes.ts";
import { zahlungRoutes } from "./zahlung/zahlung.routes.ts";
import { zahlungszielRoutes } from "./zahlungsziel/zahlungsziel.routes.ts";
/** The one list of registered API modules (DESIGN §3); each is mounted under /app/api. */
export const apiModules: FastifyPluginAsyncZod<Deps>[] = [
  healthRoutes,
  authRoutes,
  accountRoutes,
  totpRoutes,
  userRoutes,
  groupRoutes,
  mandantRoutes,
  mandantLogoRoutes,
  einladungRoutes,
  modulRoutes,
  favoriteRoutes,
  noteRoutes,
  benachrichtigungRoutes,
  landRoutes,
  mehrwertssteuerRoutes,
  nummernkreisRoutes,
  typenRoutes,
  warengruppeRoutes,
  einheitRoutes,
  preisschieneRoutes,
  rabattRoutes,
  zahlungszielRoutes,
  felddefinitionRoutes,
  belegtextRoutes,
  firmengruppeRoutes,
  rechnungsvorlageRoutes,
  kundeRoutes,
  adresseRoutes,
  kundePdfRoutes,
  artikelRoutes,
  belegRoutes,
  belegausgabeRoutes,
  belegMailRoutes,
  erechnungRoutes,
  eingangRoutes,
  belegLinkRoutes,
  artikelBildRoutes,
  artikelPdfRoutes,
  artikelExcelRoutes,
  kassabuchRoutes,
  zahlungRoutes,
  rksvRoutes,
  arbeitszeitRoutes,
  contentRoutes,
  quartalskalenderRoutes,
];
