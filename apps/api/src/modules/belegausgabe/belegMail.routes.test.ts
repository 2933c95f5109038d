import type { TModul } from "@kontor/domain/access/access.schema";
import type { TBelegHistorie } from "@kontor/domain/beleg/beleg.api";
import type { TBelegMailEntwurf } from "@kontor/domain/beleg/belegMail.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loginAttempt, mandant } from "../../db/schema/index.ts";
import { call, createTenantUser, createTestApp, login, type TestApp, unique } from "../../test/helpers.ts";
import { headerOf, mimeParts, type ReceivedMail, startSmtpServer } from "../../test/mail.ts";
import { createBeleg, rechnungsfaehig } from "../beleg/beleg.testing.ts";
import { createKunde } from "../kunde/kunde.testing.ts";
import { BELEG_MAIL_EMPFAENGER_PRO_STUNDE, empfaengerAnzahl } from "./belegMail.service.ts";

/**
 * Documents by mail (issue 16) through a real SMTP server in the test process: the prefilled mail, the sent
 * message with its PDF, the record in the history, and every way it can fail without recording anything.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer({ refuse: /@abgelehnt\.example$/ });
  t = await createTestApp({ smtpUrl: smtp.url });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const SIGNATUR =
  '<p><strong>Anna Muster</strong></p><p>Vertrieb<br>Tel. 01 234</p><p><a href="https://muster.example">Website</a></p><script>alert(1)</script>';

interface Tenant {
  token: string;
  mandantId: number;
  login: string;
  email: string;
  firma: string;
}

/** A tenant that may invoice and send mail, its member (mail sending on, with a signature unless told). */
async function tenant(
  app: TestApp = t,
  options: { modules?: TModul[]; mailtransfer?: boolean; signatur?: string | null } = {},
): Promise<Tenant> {
  const user = await createTenantUser(app, {
    authorities: ["ROLE_USER"],
    modules: options.modules ?? ["rechnungslegung", "mailversand"],
  });
  await rechnungsfaehig(app, user.mandantId);
  const token = await login(app, user);
  const email = `${user.login}@example.test`;
  const konto = await call(app, {
    method: "POST",
    url: "/app/api/account",
    token,
    payload: {
      firstName: "Anna",
      lastName: "Muster",
      email,
      langKey: "de",
      signature: options.signatur === undefined ? SIGNATUR : options.signatur,
      enablemailtransfer: options.mailtransfer ?? true,
    },
  });
  expect(konto.statusCode, konto.body).toBe(200);
  const [m] = await app.db
    .select({ bezeichnung: mandant.bezeichnung })
    .from(mandant)
    .where(eq(mandant.id, user.mandantId));
  return { token, mandantId: user.mandantId, login: user.login, email, firma: m!.bezeichnung };
}

/** A finalized invoice of 1.234,56 € gross dated 2026-03-02, payable in 14 days, for a customer with a contact. */
async function rechnung(
  who: Tenant,
  options: { sprache?: "de" | "en"; app?: TestApp; typ?: "rechnung" | "angebot" | "lieferschein" } = {},
) {
  const app = options.app ?? t;
  const ziel = await call(app, {
    method: "PUT",
    url: "/app/api/zahlungsziels",
    ...who,
    payload: { name: unique("14 Tage"), nettoTage: 14 },
  });
  expect(ziel.statusCode, ziel.body).toBe(200);
  const kunde = await createKunde(app, who, {
    bezeichnung: "Wölfl GmbH",
    email: "office@woelfl.example",
    belegLangKey: options.sprache ?? "de",
    kundeKontakte: [
      { vorname: "Jürgen", nachname: "Wölfl", email: "juergen@woelfl.example" },
      { nachname: "Ohne Adresse" },
    ],
  });
  const beleg = await createBeleg(app, who, {
    belegsTyp: options.typ ?? "rechnung",
    kunde: { id: kunde.id },
    leistungsDatum: "2026-03-01",
    zahlungsziel: { id: ziel.json().id },
    belegspositionSet: [
      { positionsBeschreibung: "Beratung", positionsMenge: 1, positionsPreis: 1028.8, positionsMwst: 20 },
    ],
  });
  const fertig = await call(app, { method: "POST", url: `/app/api/beleg/${beleg.id}/freigabe`, ...who });
  expect(fertig.statusCode, fertig.body).toBe(200);
  return { id: beleg.id, nummer: fertig.json().belegNummer as string, kunde };
}

const entwurf = (who: Partial<Tenant>, id: number, app = t) =>
  call(app, { method: "GET", url: `/app/api/beleg/${id}/mail`, ...who });
const senden = (who: Partial<Tenant>, id: number, payload: object, app = t) =>
  call(app, { method: "POST", url: `/app/api/beleg/${id}/mail`, ...who, payload });
const historie = async (who: Tenant, id: number, app = t) =>
  (
    await call(app, { method: "GET", url: `/app/api/beleg/${id}/historie`, ...who })
  ).json() as TBelegHistorie[];

/** The mails the server received since `vorher` (a count of smtp.mails). */
const neue = (vorher: number): ReceivedMail[] => smtp.mails.slice(vorher);

describe("GET beleg/{id}/mail: the prefilled mail", () => {
  it("German: the customer's and the contacts' addresses, the invoice template with amount and due date, the signature as text, the PDF's name", async () => {
    const who = await tenant();
    const { id, nummer } = await rechnung(who);
    const response = await entwurf(who, id);
    expect(response.statusCode, response.body).toBe(200);
    const mail = response.json() as TBelegMailEntwurf;
    expect(mail.to).toEqual(["office@woelfl.example", "juergen@woelfl.example"]);
    expect(mail.cc).toEqual([]);
    expect(mail.vorschlaege).toEqual([
      { email: "office@woelfl.example", name: "Wölfl GmbH" },
      { email: "juergen@woelfl.example", name: "Jürgen Wölfl" },
    ]);
    expect(mail.betreff).toBe(`Rechnung ${nummer} von ${who.firma}`);
    expect(mail.text).toBe(
      [
        "Sehr geehrte Damen und Herren,",
        "",
        `anbei erhalten Sie unsere Rechnung ${nummer} vom 02.03.2026 über 1.234,56 €.`,
        "",
        "Bitte überweisen Sie den Betrag bis zum 16.03.2026.",
        "",
        "Mit freundlichen Grüßen",
      ].join("\n"),
    );
    expect(mail.signatur).toBe("Anna Muster\nVertrieb\nTel. 01 234\nWebsite (https://muster.example)");
    expect(mail.absender).toBe(who.email);
    expect(mail.anhang.dateiname).toMatch(/\.pdf$/);
    expect(mail.anhang.bytes).toBeGreaterThan(0);
    expect(mail.sprache).toBe("de");
  });

  it("English customer: the template in English, amount and dates formatted for English", async () => {
    const who = await tenant();
    const { id, nummer } = await rechnung(who, { sprache: "en" });
    const mail = (await entwurf(who, id)).json() as TBelegMailEntwurf;
    expect(mail.sprache).toBe("en");
    expect(mail.betreff).toBe(`Invoice ${nummer} from ${who.firma}`);
    expect(mail.text).toContain("Dear Sir or Madam,");
    expect(mail.text).toContain(`Please find attached our invoice ${nummer} of 02/03/2026 for €1,234.56.`);
    expect(mail.text).toContain("Please transfer the amount by 16/03/2026.");
    expect(mail.text.endsWith("Kind regards")).toBe(true);
  });

  it("an offer takes the offer's template; without a signature the closing names the user and the tenant", async () => {
    const who = await tenant(t, { signatur: null });
    const { id, nummer } = await rechnung(who, { typ: "angebot" });
    const mail = (await entwurf(who, id)).json() as TBelegMailEntwurf;
    expect(mail.betreff).toBe(`Angebot ${nummer} von ${who.firma}`);
    expect(mail.text).toContain(`Anbei erhalten Sie unser Angebot ${nummer} vom 02.03.2026 über 1.234,56 €.`);
    expect(mail.text.endsWith(`Mit freundlichen Grüßen\nAnna Muster\n${who.firma}`)).toBe(true);
    expect(mail.signatur).toBeNull();
  });

  it("a cash invoice without customer: no recipients, the paid template", async () => {
    const who = await tenant();
    const beleg = await createBeleg(t, who, { leistungsDatum: "2026-03-02" });
    const fertig = await call(t, { method: "POST", url: `/app/api/beleg/${beleg.id}/freigabe`, ...who });
    expect(fertig.statusCode, fertig.body).toBe(200);
    const response = await entwurf(who, beleg.id);
    expect(response.statusCode, response.body).toBe(200);
    const mail = response.json() as TBelegMailEntwurf;
    expect(mail.to).toEqual([]);
    expect(mail.text).toContain("über 120,00 €. Der Betrag ist bereits beglichen");
  });
});

describe("POST beleg/{id}/mail: sending", () => {
  it("sends through SMTP with the PDF attached, subject and text as sent, the signature, cc and the copy to the sender; records it in the history", async () => {
    const who = await tenant();
    const { id, nummer } = await rechnung(who);
    const vorher = smtp.mails.length;
    const response = await senden(who, id, {
      to: ["office@woelfl.example"],
      cc: ["juergen@woelfl.example", "OFFICE@woelfl.example"],
      kopieAnMich: true,
      betreff: `Ihre Rechnung ${nummer} – März`,
      text: "Guten Tag,\n\nanbei die Rechnung <b>fett</b>.\n\nMit freundlichen Grüßen",
    });
    expect(response.statusCode, response.body).toBe(204);

    const [mail] = neue(vorher);
    expect(mail, "one mail").toBeDefined();
    // The envelope: To, Cc (the duplicate of a To address left out) and the Bcc copy to the sender.
    expect(mail!.to.sort()).toEqual(["juergen@woelfl.example", "office@woelfl.example", who.email].sort());
    expect(mail!.subject).toBe(`Ihre Rechnung ${nummer} – März`);
    expect(headerOf(mail!.raw, "To")).toBe("office@woelfl.example");
    expect(headerOf(mail!.raw, "Cc")).toBe("juergen@woelfl.example");
    expect(headerOf(mail!.raw, "Bcc")).toBe("");
    expect(headerOf(mail!.raw, "Reply-To")).toBe(who.email);
    expect(headerOf(mail!.raw, "From")).toContain(who.firma);

    const parts = mimeParts(mail!.raw);
    const text = parts.find((p) => p.headers["content-type"]?.startsWith("text/plain"));
    expect(text?.body.toString("utf8")).toBe(
      "Guten Tag,\n\nanbei die Rechnung <b>fett</b>.\n\nMit freundlichen Grüßen\n\n-- \nAnna Muster\nVertrieb\nTel. 01 234\nWebsite (https://muster.example)"
        .split("\n")
        .join("\r\n"),
    );
    const html = parts.find((p) => p.headers["content-type"]?.startsWith("text/html"))?.body.toString("utf8");
    expect(html).toContain("anbei die Rechnung &lt;b&gt;fett&lt;/b&gt;.");
    expect(html).toContain("<strong>Anna Muster</strong>");
    expect(html).not.toContain("<script>");
    const pdf = parts.find((p) => p.headers["content-type"]?.startsWith("application/pdf"));
    expect(pdf, "PDF attachment").toBeDefined();
    const dateiname = ((await entwurf(who, id)).json() as TBelegMailEntwurf).anhang.dateiname;
    expect(pdf!.headers["content-disposition"]).toContain("attachment");
    expect(pdf!.headers["content-disposition"]).toContain(dateiname);
    expect(pdf!.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const eintrag = (await historie(who, id)).at(-1)!;
    expect(eintrag.action).toBe("mail");
    expect(eintrag.login).toBe(who.login);
    expect(eintrag.detail).toEqual({
      to: ["office@woelfl.example"],
      cc: ["juergen@woelfl.example"],
      anhang: dateiname,
    });
  });

  it("attaches the e-invoice: XRechnung beside the PDF, ZUGFeRD instead of it; the customer's format is offered; a refused one sends nothing", async () => {
    const who = await tenant();
    await t.db
      .update(mandant)
      .set({ email: "rechnung@firma.example", telefon: "+43 1 234", kontaktName: "Anna Muster" })
      .where(eq(mandant.id, who.mandantId));
    const { id, nummer, kunde } = await rechnung(who);
    // The customer receives XRechnung by mail: the draft offers it.
    const mitFormat = await call(t, {
      method: "PUT",
      url: "/app/api/kundes",
      ...who,
      payload: {
        ...((await call(t, { method: "GET", url: `/app/api/kundes/${kunde.id}`, ...who })).json() as object),
        kaeuferReferenz: "04011000-12345-03",
        eRechnungFormat: "xrechnung-cii",
        eRechnungKanal: "mail",
      },
    });
    expect(mitFormat.statusCode, mitFormat.body).toBe(200);
    expect(((await entwurf(who, id)).json() as TBelegMailEntwurf).erechnung).toBe("xrechnung-cii");

    let vorher = smtp.mails.length;
    const xml = await senden(who, id, {
      to: ["office@woelfl.example"],
      betreff: "R",
      text: "T",
      erechnung: "xrechnung-cii",
    });
    expect(xml.statusCode, xml.body).toBe(204);
    const teile = mimeParts(neue(vorher)[0]!.raw);
    expect(teile.filter((p) => p.headers["content-type"]?.startsWith("application/pdf"))).toHaveLength(1);
    const anhangXml = teile.find((p) => p.headers["content-type"]?.startsWith("application/xml"));
    expect(anhangXml?.headers["content-disposition"]).toContain(`Rechnung ${nummer} XRechnung CII.xml`);
    expect(anhangXml?.body.toString("utf8")).toContain("urn:xeinkauf.de:kosit:xrechnung_3.0");
    expect((await historie(who, id)).at(-1)?.detail).toMatchObject({
      anhang: `Rechnung ${nummer}.pdf, Rechnung ${nummer} XRechnung CII.xml`,
    });

    vorher = smtp.mails.length;
    const zugferd = await senden(who, id, {
      to: ["office@woelfl.example"],
      betreff: "R",
      text: "T",
      erechnung: "zugferd",
    });
    expect(zugferd.statusCode, zugferd.body).toBe(204);
    const pdfs = mimeParts(neue(vorher)[0]!.raw).filter((p) =>
      p.headers["content-type"]?.startsWith("application/pdf"),
    );
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]!.body.includes("factur-x.xml")).toBe(true);

    // Without the seller's phone, XRechnung breaks BR-DE-6: 422 with the rule, no mail, nothing recorded.
    await t.db.update(mandant).set({ telefon: null }).where(eq(mandant.id, who.mandantId));
    const { id: zweite } = await rechnung(who);
    vorher = smtp.mails.length;
    const eintraege = (await historie(who, zweite)).length;
    const refused = await senden(who, zweite, {
      to: ["office@woelfl.example"],
      betreff: "R",
      text: "T",
      erechnung: "xrechnung-ubl",
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().regeln.map((v: { regel: string }) => v.regel)).toContain("BR-DE-6");
    expect(smtp.mails.length).toBe(vorher);
    expect((await historie(who, zweite)).length).toBe(eintraege);
  });

  it("without a signature: text only, no HTML part", async () => {
    const who = await tenant(t, { signatur: null });
    const { id } = await rechnung(who);
    const vorher = smtp.mails.length;
    const response = await senden(who, id, { to: ["office@woelfl.example"], betreff: "R", text: "Text" });
    expect(response.statusCode, response.body).toBe(204);
    const parts = mimeParts(neue(vorher)[0]!.raw);
    expect(parts.some((p) => p.headers["content-type"]?.startsWith("text/html"))).toBe(false);
    expect(parts.find((p) => p.headers["content-type"]?.startsWith("text/plain"))?.body.toString()).toBe(
      "Text",
    );
  });

  it("logs no address, subject or text", async () => {
    const who = await tenant();
    const { id } = await rechnung(who);
    const info = vi.spyOn(t.app.log, "info");
    const error = vi.spyOn(t.app.log, "error");
    try {
      await senden(who, id, { to: ["geheim@woelfl.example"], betreff: "Geheimer Betreff", text: "Geheim" });
      await senden(who, id, { to: ["x@abgelehnt.example"], betreff: "Geheimer Betreff", text: "Geheim" });
      // The mailer's lines (the request lines of Fastify carry its objects, not the body).
      const zeilen = [...info.mock.calls, ...error.mock.calls].filter((args) =>
        args.some((arg) => typeof arg === "string" && arg.includes("mail")),
      );
      expect(zeilen.length).toBe(2);
      const logged = JSON.stringify(zeilen);
      expect(logged).toContain("beleg");
      for (const secret of ["geheim@", "abgelehnt.example", "Geheim", who.email])
        expect(logged).not.toContain(secret);
    } finally {
      info.mockRestore();
      error.mockRestore();
    }
  });
});

describe("POST beleg/{id}/mail: failures record nothing and can be sent again", () => {
  it("bad input: 400 with the field (an address, a subject of two lines, nothing to send)", async () => {
    const who = await tenant();
    const { id } = await rechnung(who);
    for (const [payload, field] of [
      [{ to: ["office@woelfl.example", "kein-mail"], betreff: "R", text: "T" }, "to.1"],
      [{ to: ["office@woelfl.example"], cc: ["@x.example"], betreff: "R", text: "T" }, "cc.0"],
      [{ to: [], betreff: "R", text: "T" }, "to"],
      [{ to: ["office@woelfl.example"], betreff: "R\r\nBcc: x@y.example", text: "T" }, "betreff"],
      [{ to: ["office@woelfl.example"], betreff: "R", text: "  " }, "text"],
      [{ to: ["office@woelfl.example"], bcc: ["x@y.example"], betreff: "R", text: "T" }, "bcc"],
    ] as const) {
      const response = await senden(who, id, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fieldErrors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await historie(who, id)).filter((e) => e.action === "mail")).toEqual([]);
  });

  it("every recipient refused: 502 error.mailRecipientRejected naming the fields; nothing recorded", async () => {
    const who = await tenant();
    const { id } = await rechnung(who);
    const vorher = smtp.mails.length;
    const response = await senden(who, id, {
      to: ["a@abgelehnt.example"],
      cc: ["b@abgelehnt.example"],
      betreff: "R",
      text: "T",
    });
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json()).toMatchObject({
      code: "error.mailRecipientRejected",
      fieldErrors: [
        { field: "to.0", code: "rejected" },
        { field: "cc.0", code: "rejected" },
      ],
    });
    expect(neue(vorher)).toEqual([]);
    expect((await historie(who, id)).filter((e) => e.action === "mail")).toEqual([]);

    // Corrected, the same mail goes out and is recorded once.
    const nochmal = await senden(who, id, { to: ["office@woelfl.example"], betreff: "R", text: "T" });
    expect(nochmal.statusCode, nochmal.body).toBe(204);
    expect((await historie(who, id)).filter((e) => e.action === "mail")).toHaveLength(1);
  });

  it("some recipients refused: sent to the others and recorded so, 502 error.mailPartlySent naming the refused", async () => {
    const who = await tenant();
    const { id } = await rechnung(who);
    const vorher = smtp.mails.length;
    const response = await senden(who, id, {
      to: ["office@woelfl.example", "x@abgelehnt.example"],
      betreff: "R",
      text: "T",
    });
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json()).toMatchObject({
      code: "error.mailPartlySent",
      fieldErrors: [{ field: "to.1", code: "rejected" }],
    });
    expect(neue(vorher).map((m) => m.to)).toEqual([["office@woelfl.example"]]);
    const eintrag = (await historie(who, id)).at(-1)!;
    expect(eintrag.action).toBe("mail");
    expect(eintrag.detail).toMatchObject({
      to: ["office@woelfl.example"],
      abgelehnt: ["x@abgelehnt.example"],
    });
  });

  it("a user who sent too many mails within the hour: 429 error.mailLimit with Retry-After, nothing sent", async () => {
    const who = await tenant();
    const { id } = await rechnung(who);
    const body = { to: ["office@woelfl.example"], betreff: "R", text: "T" };
    expect((await senden(who, id, body)).statusCode).toBe(204);
    const konto = (await call(t, { method: "GET", url: "/app/api/account", token: who.token })).json() as {
      id: number;
    };
    const zaehler = async (key: string) =>
      (await t.db.select({ n: loginAttempt.failures }).from(loginAttempt).where(eq(loginAttempt.key, key)))[0]
        ?.n;
    expect(await zaehler(`belegmail:user:${konto.id}`)).toBe(1);
    expect(await zaehler(`belegmail:mandant:${who.mandantId}`)).toBe(1);
    // The hour's count of this user at the limit (as after mails to 100 recipients).
    await t.db
      .update(loginAttempt)
      .set({ failures: BELEG_MAIL_EMPFAENGER_PRO_STUNDE.user })
      .where(eq(loginAttempt.key, `belegmail:user:${konto.id}`));
    const vorher = smtp.mails.length;
    const response = await senden(who, id, body);
    expect(response.statusCode, response.body).toBe(429);
    expect(response.json().code).toBe("error.mailLimit");
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(neue(vorher)).toEqual([]);
    expect((await historie(who, id)).filter((e) => e.action === "mail")).toHaveLength(1);
  });

  it("the limit counts recipients, not mails (issue 33): To, Cc and the Bcc copy each once; a mail past the limit is refused whole", async () => {
    const who = await tenant();
    const { id } = await rechnung(who);
    const konto = (await call(t, { method: "GET", url: "/app/api/account", token: who.token })).json() as {
      id: number;
      email: string;
    };
    const zaehler = async (key: string) =>
      (await t.db.select({ n: loginAttempt.failures }).from(loginAttempt).where(eq(loginAttempt.key, key)))[0]
        ?.n;
    const userKey = `belegmail:user:${konto.id}`;
    const mandantKey = `belegmail:mandant:${who.mandantId}`;

    // 3 To (one twice, in another case), 2 Cc, the copy to oneself: 6 recipients, one mail.
    const an = ["a@woelfl.example", "b@woelfl.example", "c@woelfl.example", "A@woelfl.example"];
    const body = {
      to: an,
      cc: ["d@woelfl.example", "e@woelfl.example"],
      kopieAnMich: true,
      betreff: "R",
      text: "T",
    };
    const vorher = smtp.mails.length;
    expect((await senden(who, id, body)).statusCode).toBe(204);
    expect(neue(vorher)).toHaveLength(1);
    expect(await zaehler(userKey)).toBe(6);
    expect(await zaehler(mandantKey)).toBe(6);

    // 4 recipients left this hour: a mail to 5 is refused whole (nothing sent, nothing counted), one to 4 goes.
    await t.db
      .update(loginAttempt)
      .set({ failures: BELEG_MAIL_EMPFAENGER_PRO_STUNDE.user - 4 })
      .where(eq(loginAttempt.key, userKey));
    const fuenf = {
      to: ["a@woelfl.example", "b@woelfl.example", "c@woelfl.example"],
      cc: ["d@woelfl.example", "e@woelfl.example"],
      betreff: "R",
      text: "T",
    };
    const zuViele = await senden(who, id, fuenf);
    expect(zuViele.statusCode, zuViele.body).toBe(429);
    expect(zuViele.json().code).toBe("error.mailLimit");
    expect(neue(vorher)).toHaveLength(1);
    expect(await zaehler(userKey)).toBe(BELEG_MAIL_EMPFAENGER_PRO_STUNDE.user - 4);
    const vier = await senden(who, id, { ...fuenf, cc: ["d@woelfl.example"] });
    expect(vier.statusCode, vier.body).toBe(204);
    expect(await zaehler(userKey)).toBe(BELEG_MAIL_EMPFAENGER_PRO_STUNDE.user);
    expect(await zaehler(mandantKey)).toBe(10);
    expect(empfaengerAnzahl(["x@a.example"], [], ["X@A.example"])).toBe(1);
  });

  it("a draft: 409 error.belegNotFinalized for the mail and its send", async () => {
    const who = await tenant();
    const beleg = await createBeleg(t, who, {});
    for (const response of [
      await entwurf(who, beleg.id),
      await senden(who, beleg.id, { to: ["a@b.example"], betreff: "R", text: "T" }),
    ]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().code).toBe("error.belegNotFinalized");
    }
  });

  it("another tenant's document, or none: 404 and nothing sent", async () => {
    const a = await tenant();
    const b = await tenant();
    const { id } = await rechnung(b);
    const vorher = smtp.mails.length;
    for (const ziel of [id, 999_999_999]) {
      expect((await entwurf(a, ziel)).statusCode).toBe(404);
      const response = await senden(a, ziel, { to: ["a@b.example"], betreff: "R", text: "T" });
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(neue(vorher)).toEqual([]);
    expect((await historie(b, id)).filter((e) => e.action === "mail")).toEqual([]);
  });

  it("access: no token 401, module mailversand missing 403 moduleMissing, no document role 403 forbidden, account not enabled 403 mailDisabled", async () => {
    const who = await tenant();
    const { id } = await rechnung(who);
    const body = { to: ["a@b.example"], betreff: "R", text: "T" };
    expect((await entwurf({ mandantId: who.mandantId }, id)).statusCode).toBe(401);
    expect((await senden({ mandantId: who.mandantId }, id, body)).statusCode).toBe(401);

    const ohneModul = await tenant(t, { modules: ["rechnungslegung"] });
    const beleg = await rechnung(ohneModul);
    for (const response of [await entwurf(ohneModul, beleg.id), await senden(ohneModul, beleg.id, body)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("error.moduleMissing");
    }

    const kassa = await createTenantUser(t, {
      authorities: ["ROLE_KASSABUCH"],
      modules: ["rechnungslegung", "mailversand"],
    });
    const kassaWho = { token: await login(t, kassa), mandantId: kassa.mandantId };
    expect((await senden(kassaWho, id, body)).json().code).toBe("error.forbidden");

    const aus = await tenant(t, { mailtransfer: false });
    const ausBeleg = await rechnung(aus);
    for (const response of [await entwurf(aus, ausBeleg.id), await senden(aus, ausBeleg.id, body)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("error.mailDisabled");
    }
  });
});

describe("POST beleg/{id}/mail: the mail server is down", () => {
  let unten: TestApp;
  beforeAll(async () => {
    // Port 1 on the loopback: nothing listens, the connection is refused at once.
    unten = await createTestApp({ smtpUrl: "smtp://127.0.0.1:1" });
  }, 120_000);
  afterAll(async () => {
    await unten?.close();
  });

  it("503 error.mailServerUnreachable, nothing recorded", async () => {
    const who = await tenant(unten);
    const { id } = await rechnung(who, { app: unten });
    const body = { to: ["office@woelfl.example"], betreff: "R", text: "T" };
    const response = await senden(who, id, body, unten);
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json().code).toBe("error.mailServerUnreachable");
    expect((await historie(who, id, unten)).filter((e) => e.action === "mail")).toEqual([]);
  });
});
