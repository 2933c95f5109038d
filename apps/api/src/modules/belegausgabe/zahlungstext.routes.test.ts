import type { TBeleg } from "@kontor/domain/beleg/beleg.schema";
import type { TBelegMailEntwurf } from "@kontor/domain/beleg/belegMail.schema";
import { zahlungszielText } from "@kontor/domain/zahlungsziel/zahlungsziel.rules";
import { rechnungLesen } from "@kontor/erechnung/lesen";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beleg } from "../../db/schema/index.ts";
import { call, createTenantUser, createTestApp, login, type TestApp, unique } from "../../test/helpers.ts";
import { mimeParts, startSmtpServer } from "../../test/mail.ts";
import { alsBody, createBeleg, erechnungsfaehig } from "../beleg/beleg.testing.ts";
import { eingebettetesXml } from "../erechnung/facturx.ts";
import { createKunde } from "../kunde/kunde.testing.ts";
import { pdfSeiten } from "./pdfText.testing.ts";

/**
 * Issue 33: a payment term's text names the amount after skonto, and that amount must be the document's — on the
 * PDF, in every e-invoice format (BT-20) and in the mail — even when the text was made while the document was still
 * empty (the editor fetched GET belegtext2 when the customer's term came in, before any position: "(0,00 €)"), when
 * the draft was edited afterwards, or when such a text was stored before the fix. "14 Tage 2 % Skonto", 30 days net,
 * dated 29.11.2026: skonto until 13.12.2026.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const BELEG_DATUM = "2026-11-29";
const SKONTO_14 = { nettoTage: 30, skontoList: [{ tage: 14, prozent: 2 }] };
const flach = (seiten: string[]) => seiten.join(" ").replace(/\s+/g, " ");

/** A tenant ready for invoices, e-invoices and mail; its customer with the skonto term. */
async function tenant(belegLangKey: "de" | "en" = "de") {
  const user = await createTenantUser(t, {
    authorities: ["ROLE_USER"],
    modules: ["rechnungslegung", "mailversand"],
  });
  await erechnungsfaehig(t, user.mandantId);
  const token = await login(t, user);
  const konto = await call(t, {
    method: "POST",
    url: "/app/api/account",
    token,
    payload: {
      firstName: "Anna",
      lastName: "Muster",
      email: `${user.login}@example.test`,
      langKey: "de",
      signature: null,
      enablemailtransfer: true,
    },
  });
  expect(konto.statusCode, konto.body).toBe(200);
  const who = { token, mandantId: user.mandantId };
  const ziel = await call(t, {
    method: "PUT",
    url: "/app/api/zahlungsziels",
    ...who,
    payload: { name: unique("14 Tage 2 % Skonto"), ...SKONTO_14 },
  });
  expect(ziel.statusCode, ziel.body).toBe(200);
  const zielId = ziel.json().id as number;
  const kunde = await createKunde(t, who, {
    bezeichnung: "Stadt Musterstadt",
    email: "erechnung@musterstadt.example",
    uid: "DE136695976",
    kaeuferReferenz: "04011000-12345-03",
    belegLangKey,
    zahlungsziel: { id: zielId },
  });
  return { ...who, kunde, zielId };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

const get = (who: Tenant, url: string) => call(t, { method: "GET", url: `/app/api/${url}`, ...who });

async function speichern(who: Tenant, body: object): Promise<TBeleg & { id: number }> {
  const response = await call(t, { method: "PUT", url: "/app/api/beleg", ...who, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function freigeben(who: Tenant, id: number) {
  const response = await call(t, { method: "POST", url: `/app/api/beleg/${id}/freigabe`, ...who });
  expect(response.statusCode, response.body).toBe(200);
}

const pdfText = async (who: Tenant, id: number) => {
  const response = await get(who, `beleg/${id}/pdf`);
  expect(response.statusCode, response.body).toBe(200);
  return flach(await pdfSeiten(response.rawPayload));
};

/**
 * BT-20 of each e-invoice format as the file carries it (UBL, CII and Factur-X read back); ebInterface has its
 * skonto steps as Discount elements and the rest as PaymentConditions/Comment, so it is given as both.
 */
async function zahlungsbedingungen(who: Tenant, id: number): Promise<Record<string, string>> {
  const datei = async (format: string) => {
    const response = await get(who, `beleg/${id}/erechnung?format=${format}`);
    expect(response.statusCode, `${format}: ${response.body}`).toBe(200);
    return response;
  };
  const bt20 = (xml: string) => rechnungLesen(xml).rechnung.zahlung?.bedingungen ?? "";
  const ergebnis: Record<string, string> = {};
  for (const format of ["xrechnung-ubl", "xrechnung-cii", "peppol"])
    ergebnis[format] = bt20((await datei(format)).body);
  ergebnis.zugferd = bt20(eingebettetesXml((await datei("zugferd")).rawPayload)!.xml);
  const eb = (await datei("ebinterface")).body;
  const bedingungen = /<PaymentConditions>.*<\/PaymentConditions>/s.exec(eb)?.[0] ?? "";
  ergebnis.ebinterface = [...bedingungen.matchAll(/<Discount>(.*?)<\/Discount>/gs)]
    .map((d) => `#DISCOUNT#${d[1]}#\n`)
    .concat(/<Comment>([^<]*)<\/Comment>/.exec(bedingungen)?.[1] ?? "")
    .join("");
  return ergebnis;
}

describe("the skonto amount of the payment term is the document's (issue 33)", () => {
  it("a text made while the draft was empty prints 1.481,47 € × 0,98 = 1.451,84 € on the PDF, in every e-invoice and in the mail", async () => {
    const who = await tenant();
    // What the editor did: the customer's term came in first and its text was fetched for a gross of 0.
    const antwort = await get(who, `belegtext2/${who.zielId}?belegDatum=${BELEG_DATUM}&lang=de&betrag=0`);
    const veraltet = antwort.json().text as string;
    expect(veraltet).toBe(
      "Zahlbar bis 29.12.2026 ohne Abzug. Bei Zahlung bis 13.12.2026 2 % Skonto (0,00 €).",
    );
    const kopf = {
      belegsTyp: "rechnung",
      belegDatum: BELEG_DATUM,
      leistungsDatum: BELEG_DATUM,
      kunde: { id: who.kunde.id },
      zahlungsziel: { id: who.zielId },
      belegstext2: veraltet,
    };
    const leer = await speichern(who, { ...kopf, belegspositionSet: [] });
    // Then the positions went in, the text still in the form: 1 234,56 € net + 20 % = 1 481,47 € gross.
    const entwurf = await speichern(who, {
      ...alsBody(leer),
      ...kopf,
      belegspositionSet: [
        { positionsBeschreibung: "Beratung", positionsMenge: 1, positionsPreis: 1234.56, positionsMwst: 20 },
      ],
    });
    expect(entwurf.summeBrutto).toBe(1481.47);
    // The term's own sentence is no text of the document's: stored empty, made from the totals when printed.
    expect(entwurf.belegstext2).toBeNull();
    const richtig = "Zahlbar bis 29.12.2026 ohne Abzug. Bei Zahlung bis 13.12.2026 2 % Skonto (1.451,84 €).";

    // The draft's PDF, then the issued invoice's.
    expect(await pdfText(who, entwurf.id)).toContain(richtig);
    await freigeben(who, entwurf.id);
    const pdf = await pdfText(who, entwurf.id);
    expect(pdf).toContain(richtig);
    expect(pdf).not.toContain("0,00 €)");

    // BT-20 of every format: the XRechnung skonto line, then the same sentence; ebInterface's Discount of the
    // step: 2 % of 1 481,47 € = 29,63 € (1 481,47 − 29,63 = 1 451,84).
    const { ebinterface, ...xml } = await zahlungsbedingungen(who, entwurf.id);
    for (const [format, text] of Object.entries(xml))
      expect(text, format).toBe(`#SKONTO#TAGE=14#PROZENT=2.00#\n${richtig}`);
    expect(ebinterface).toBe(
      "#DISCOUNT#<PaymentDate>2026-12-13</PaymentDate><BaseAmount>1481.47</BaseAmount>" +
        `<Percentage>2.00</Percentage><Amount>29.63</Amount>#\n${richtig}`,
    );

    // The mail names the skonto step with the same amount, in the prefilled text and in what is sent.
    const mail = (await get(who, `beleg/${entwurf.id}/mail`)).json() as TBelegMailEntwurf;
    const skontoSatz =
      "Bei Zahlung bis zum 13.12.2026 können Sie 2 % Skonto abziehen und 1.451,84 € überweisen.";
    expect(mail.text).toContain(
      `über 1.481,47 €.\n\nBitte überweisen Sie den Betrag bis zum 29.12.2026.\n${skontoSatz}`,
    );
    const vorher = smtp.mails.length;
    const gesendet = await call(t, {
      method: "POST",
      url: `/app/api/beleg/${entwurf.id}/mail`,
      ...who,
      payload: { to: mail.to, cc: [], kopieAnMich: false, betreff: mail.betreff, text: mail.text },
    });
    expect(gesendet.statusCode, gesendet.body).toBe(204);
    const text = mimeParts(smtp.mails[vorher]!.raw)
      .find((p) => p.headers["content-type"]?.startsWith("text/plain"))
      ?.body.toString();
    expect(text).toContain(skontoSatz);
  });

  it("a text stored before the fix with €0.00 prints the final amount, rounded half away from zero: 1 049,75 € × 0,98 = 1 028,755 → 1 028,76 €", async () => {
    const who = await tenant("en");
    // 874.79 net + 20 % VAT (174.958 → 174.96) = 1 049.75 gross.
    const b = await createBeleg(t, who, {
      belegsTyp: "rechnung",
      belegDatum: BELEG_DATUM,
      leistungsDatum: BELEG_DATUM,
      kunde: { id: who.kunde.id },
      zahlungsziel: { id: who.zielId },
      belegspositionSet: [
        { positionsBeschreibung: "Consulting", positionsMenge: 1, positionsPreis: 874.79, positionsMwst: 20 },
      ],
    });
    expect(b.summeBrutto).toBe(1049.75);
    await t.db
      .update(beleg)
      .set({ belegstext2: zahlungszielText(SKONTO_14, BELEG_DATUM, "en", 0) })
      .where(eq(beleg.id, b.id));
    await freigeben(who, b.id);
    const richtig =
      "Payable by 29/12/2026 without deduction. If paid by 13/12/2026, 2% discount (€1,028.76).";
    expect(await pdfText(who, b.id)).toContain(richtig);
    const bt20 = await zahlungsbedingungen(who, b.id);
    expect(bt20["xrechnung-cii"]).toBe(`#SKONTO#TAGE=14#PROZENT=2.00#\n${richtig}`);
    // ebInterface's Discount leaves the same amount: 1 049,75 − 20,99 = 1 028,76 (not 2 % rounded on its own,
    // 20,995 → 21,00, which would leave a cent less than the text and the payment rules ask for).
    expect(bt20.ebinterface).toContain(`<Amount>20.99</Amount>#\n${richtig}`);
    const mail = (await get(who, `beleg/${b.id}/mail`)).json() as TBelegMailEntwurf;
    expect(mail.text).toContain(
      "If you pay by 13/12/2026, you may deduct a 2% discount and transfer €1,028.76.",
    );
  });

  it("the user's own payment text stays theirs on the PDF and in BT-20", async () => {
    const who = await tenant();
    const eigen = "Zahlbar bei Lieferung ohne Abzug; 2 % Skonto bis 13.12.2026.";
    const b = await createBeleg(t, who, {
      belegsTyp: "rechnung",
      belegDatum: BELEG_DATUM,
      leistungsDatum: BELEG_DATUM,
      kunde: { id: who.kunde.id },
      zahlungsziel: { id: who.zielId },
      belegstext2: eigen,
      belegspositionSet: [
        { positionsBeschreibung: "Beratung", positionsMenge: 1, positionsPreis: 1234.56, positionsMwst: 20 },
      ],
    });
    expect(b.belegstext2).toBe(eigen);
    await freigeben(who, b.id);
    const pdf = await pdfText(who, b.id);
    expect(pdf).toContain(eigen);
    expect(pdf).not.toContain("Zahlbar bis 29.12.2026");
    expect((await zahlungsbedingungen(who, b.id)).peppol).toBe(`#SKONTO#TAGE=14#PROZENT=2.00#\n${eigen}`);
  });
});
