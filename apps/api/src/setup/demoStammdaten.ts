import type { InjectOptions, LightMyRequestResponse } from "fastify";

/** The app's own HTTP entry (app.inject): demo data goes through the routes, their validation, access and rules. */
export type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

type Json = Record<string, unknown> & { id: number };

/**
 * A signed-in client of the demo tenant over app.inject. Every call must succeed: a refused one (a changed rule,
 * a renamed field) stops the seeding with the route's answer, so the demo test names it.
 */
async function client(inject: Inject, mandantId: number, login: string, password: string) {
  const signIn = await inject({
    method: "POST",
    url: "/app/api/auth/login",
    payload: { usernameOrEmail: login, password },
    remoteAddress: "127.0.0.1",
  });
  if (signIn.statusCode !== 200)
    throw new Error(`demo sign-in ${login}: ${signIn.statusCode} ${signIn.body}`);
  const token = signIn.json<{ accessToken: string }>().accessToken;
  const send = async (method: "GET" | "PUT" | "POST" | "DELETE", path: string, payload?: unknown) => {
    const response = await inject({
      method,
      url: `/app/api/${path}`,
      headers: { authorization: `Bearer ${token}`, "x-mandant-id": String(mandantId) },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }),
    });
    if (response.statusCode >= 300)
      throw new Error(`demo ${method} ${path}: ${response.statusCode} ${response.body}`);
    return response.body === "" ? null : response.json();
  };
  return {
    get: <T = Json>(path: string) => send("GET", path) as Promise<T>,
    put: (path: string, body: unknown) => send("PUT", path, body) as Promise<Json>,
    post: (path: string, body?: unknown) => send("POST", path, body) as Promise<Json | null>,
    remove: (path: string) => send("DELETE", path),
  };
}

const p = (text: string) => `<p>${text}</p>`;

/**
 * The master data of the demo tenant (issue 21: every master-data screen has something to try with), then the
 * demo customers and articles pointed at it, a few documents in different states and a news item. VAT rates,
 * units and the invoice circle come with every tenant (modules/stammdaten/seed.ts); a document template (a
 * letterhead PDF) is left to the user, who uploads their own.
 */
export async function seedDemoStammdaten(inject: Inject, mandantId: number): Promise<void> {
  const api = await client(inject, mandantId, "admin", "admin123");

  // Goods groups with two subgroups each (the catalogue and the article form's choice).
  const gruppen = [
    { code: "100", name: "Elektro", unter: ["Leuchtmittel", "Kabel und Stecker"] },
    { code: "200", name: "Garten", unter: ["Bewässerung", "Erden und Dünger"] },
    { code: "300", name: "Werkzeug", unter: ["Elektrowerkzeug", "Handwerkzeug"] },
    { code: "400", name: "Befestigung", unter: ["Schrauben", "Dübel"] },
  ];
  const untergruppen: Record<string, number> = {};
  for (const gruppe of gruppen) {
    const warengruppe = await api.put("warengruppes", { warenGruppe: gruppe.code, bezeichnung: gruppe.name });
    for (const [index, name] of gruppe.unter.entries()) {
      const unter = await api.put("untergruppes", {
        unterGruppe: String((index + 1) * 10),
        bezeichnung: name,
        warengruppe: { id: warengruppe.id },
      });
      untergruppen[name] = unter.id;
    }
  }

  const haendler = await api.put("preisschienen", { bezeichnung: "Händler" });
  const grosskunde = await api.put("preisschienen", { bezeichnung: "Großkunde" });
  await api.put("rabatts", { code: "STAMM10", bezeichnung: "Stammkunde", prozent: 10 });
  await api.put("rabatts", { code: "AKTION5", bezeichnung: "Aktion", prozent: 5 });

  const vierzehn = await api.put("zahlungsziels", { name: "14 Tage netto", nettoTage: 14 });
  const skonto = await api.put("zahlungsziels", {
    name: "30 Tage netto, 10 Tage 2 % Skonto",
    nettoTage: 30,
    skontoList: [{ tage: 10, prozent: 2 }],
  });
  await api.put("zahlungsziels", { name: "Sofort ohne Abzug", nettoTage: 0 });

  const freiHaus = await api.put("lieferbedingung", { name: "Frei Haus" });
  await api.put("lieferbedingung", { name: "Ab Werk" });
  await api.put("lieferbedingung", { name: "Abholung durch den Kunden" });
  const ueberweisung = await api.put("zahlungsbedingung", { name: "Zahlung per Überweisung" });
  await api.put("zahlungsbedingung", { name: "Barzahlung bei Abholung" });

  await api.put("belegtexts", {
    title: "Dank für den Auftrag",
    text: p("Vielen Dank für Ihren Auftrag! Bei Fragen erreichen Sie uns unter +43 1 234 56 78."),
  });
  await api.put("belegtexts", {
    title: "Gültigkeit des Angebots",
    text: p("Dieses Angebot gilt 30 Tage ab dem Belegdatum."),
  });
  await api.put("hotHintDefinitionTexts", {
    hotHintTitle: "Lieferzeit",
    hotHintText: "Lieferzeit etwa zwei Wochen ab Bestellung.",
  });
  await api.put("hotHintDefinitionTexts", {
    hotHintTitle: "Sonderanfertigung",
    hotHintText: "Sonderanfertigung – vom Umtausch ausgeschlossen.",
  });

  const gartenbau = await api.put("firmengruppe", { bezeichnung: "Gartenbau-Betriebe" });
  await api.put("firmengruppe", { bezeichnung: "Gastronomie" });

  await api.put("kundefelddefinitions", {
    bezeichnung: "Branche",
    type: "SELECT",
    optionen: ["Handel", "Gewerbe", "Gastronomie", "Privat"],
  });
  await api.put("kundefelddefinitions", { bezeichnung: "Kundenkarte Nr.", type: "TEXT" });
  await api.put("artikelfelddefinitions", { bezeichnung: "Garantie (Monate)", type: "NUMBER" });
  await api.put("artikelfelddefinitions", { bezeichnung: "Farbe", type: "TEXT" });
  await api.put("belegfelddefinitions", {
    bezeichnung: "Projektnummer",
    bezeichnungEn: "Project number",
    type: "TEXT",
    belegsTyps: ["angebot", "auftragsbestaetigung", "rechnung"],
  });

  // The demo customers use the conditions: the first two get terms, tier and group.
  const kunden = await api.get<{ id: number; bezeichnung: string | null; lieferant: boolean }[]>(
    "kundes?size=50&sort=id,asc",
  );
  const kundeNamed = (start: string) => kunden.find((kunde) => kunde.bezeichnung?.startsWith(start));
  const bedingungen: [string, Record<string, unknown>][] = [
    [
      "Gärtnerei",
      {
        zahlungsziel: { id: skonto.id },
        lieferbedingung: { id: freiHaus.id },
        zahlungsbedingung: { id: ueberweisung.id },
        preisschiene: { id: grosskunde.id },
        firmengruppen: [{ id: gartenbau.id }],
      },
    ],
    ["Bäckerei", { zahlungsziel: { id: vierzehn.id }, preisschiene: { id: haendler.id } }],
  ];
  for (const [name, felder] of bedingungen) {
    const kunde = kundeNamed(name);
    if (!kunde) continue;
    await api.put("kundes", { ...(await api.get(`kundes/${kunde.id}`)), ...felder });
  }

  // The demo articles get their subgroup, unit and a dealer price beside the base price.
  const einheiten = await api.get<{ id: number; code: string }[]>("einheits?size=100");
  const einheit = (code: string) => einheiten.find((candidate) => candidate.code === code);
  const artikel = await api.get<{ id: number; artikelBezeichnung: string }[]>("artikel?size=50&sort=id,asc");
  const zuordnung: [string, string, string][] = [
    ["Glühbirne", "Leuchtmittel", "C62"],
    ["Schraube", "Schrauben", "C62"],
    ["Gartenschlauch", "Bewässerung", "C62"],
    ["Bohrhammer", "Elektrowerkzeug", "C62"],
    ["Blumenerde", "Erden und Dünger", "LTR"],
  ];
  for (const [start, unter, code] of zuordnung) {
    const zeile = artikel.find((candidate) => candidate.artikelBezeichnung.startsWith(start));
    if (!zeile) continue;
    const voll = await api.get<Json & { artikelPreisSet: { preis: number; vonDatum: string }[] }>(
      `artikel/${zeile.id}`,
    );
    const basis = voll.artikelPreisSet[0];
    const stueck = einheit(code);
    await api.put("artikel", {
      ...voll,
      untergruppe: { id: untergruppen[unter] },
      ...(stueck ? { einheit: { id: stueck.id } } : {}),
      artikelPreisSet: basis
        ? [
            ...voll.artikelPreisSet,
            {
              preis: Math.round(basis.preis * 85) / 100,
              vonDatum: basis.vonDatum,
              preisschiene: { id: haendler.id },
            },
          ]
        : voll.artikelPreisSet,
    });
  }

  // Documents in their states: an offer draft, an invoice draft, an open invoice, a cancelled invoice.
  const gaertnerei = kundeNamed("Gärtnerei");
  const baeckerei = kundeNamed("Bäckerei");
  const position = (name: string, menge: number, preis: number) => {
    const zeile = artikel.find((candidate) => candidate.artikelBezeichnung.startsWith(name));
    return {
      artikel: zeile ? { id: zeile.id } : null,
      positionsBeschreibung: zeile?.artikelBezeichnung ?? name,
      positionsMenge: menge,
      positionsPreis: preis,
      positionsMwst: 20,
    };
  };
  const heute = new Date().toISOString().slice(0, 10);
  const beleg = (belegsTyp: string, kunde: { id: number } | undefined, positionen: unknown[]) =>
    api.put("beleg", {
      belegDatum: heute,
      // An invoice names the day of delivery (§11 UStG); here the document's day.
      ...(belegsTyp === "rechnung" ? { leistungsDatum: heute } : {}),
      belegsTyp,
      kunde: kunde ? { id: kunde.id } : null,
      belegspositionSet: positionen,
    });
  await beleg("angebot", gaertnerei, [position("Gartenschlauch", 4, 39.9), position("Blumenerde", 20, 8.99)]);
  await beleg("rechnung", baeckerei, [position("Glühbirne", 12, 4.9)]);
  const offen = await beleg("rechnung", gaertnerei, [position("Bohrhammer", 1, 249)]);
  await api.post(`beleg/${offen.id}/freigabe`);
  const storniert = await beleg("rechnung", baeckerei, [position("Schraube", 3, 12.5)]);
  await api.post(`beleg/${storniert.id}/freigabe`);
  await api.post(`beleg/${storniert.id}/storno`, {});

  // An example news item to edit and switch on (Benachrichtigungen), switched off: an active one pops up for every
  // user it is meant for again whenever news are reset, in the middle of whatever they do.
  const news = await api.put("benachrichtigung", {
    bezeichnung: "Willkommen in der Demo",
    restrictions: ["ROLE_ADMIN"],
    editor:
      p("Dieser Mandant ist mit Beispieldaten gefüllt: Kunden, Artikel, Stammdaten und einige Belege.") +
      p("Die Hilfe im Menü links erklärt jeden Bereich."),
  });
  await api.remove(`benachrichtigung/deactivate/${news.id}`);
}
