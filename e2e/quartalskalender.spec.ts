import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { addDays, datumText } from "@kontor/domain/date/calendar";
import {
  montagDerWoche,
  quartalBeginn,
  quartalEnde,
  quartalVon,
} from "@kontor/domain/quartalskalender/quartalskalender.rules";
import type { TQuartalskalenderBoard } from "@kontor/domain/quartalskalender/quartalskalender.schema";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO, signInFromStart } from "./fixtures.ts";
import {
  type ApiSession,
  apiCall,
  apiSignIn,
  createMandant,
  startInMandant,
  suppressNewsPopup,
  uniqueMandantName,
  viennaToday,
} from "./shell.fixtures.ts";

/**
 * Quarter calendar (issue 23), as a planner and a reader use it: the admin creates this quarter's calendar (rows =
 * people) in the UI, plans a week (Monday–Friday) for an employee in the entry dialog and drags the bar to another
 * row and the next week; board and API agree, the .ics has the event on its new days, the PDF downloads. A user with
 * ROLE_KALENDER_READONLY sees the board and the entry but has no control to change it (bars not draggable), and the
 * API refuses a change. Every test works in a tenant of its own (module quartalskalender), so nothing depends on
 * other specs.
 */

/** Today in Vienna (the browser's time zone too): the board opens at this week, new calendars preset this quarter. */
const heute = viennaToday();
const { jahr, quartal } = quartalVon(heute);
const beginn = quartalBeginn(jahr, quartal);
const ende = quartalEnde(jahr, quartal);
/** Mondays whose week and the week after (Monday–Friday) lie in the quarter: where an entry can be moved a week on. */
const montage = Array.from({ length: 15 }, (_, i) => addDays(montagDerWoche(beginn), 7 * i)).filter(
  (m) => m >= beginn && addDays(m, 11) <= ende,
);
/** This week's Monday (or the next week's), else — at the quarter's very end — the last such Monday. */
const montag = montage.find((m) => m >= montagDerWoche(heute)) ?? montage[montage.length - 1] ?? "";
const freitag = addDays(montag, 4);
/** Where the bar goes: the same weekdays a week later. */
const neuMontag = addDays(montag, 7);
const neuFreitag = addDays(montag, 11);

const de = (iso: string) => datumText(iso, "de");
const ics = (iso: string) => iso.replaceAll("-", "");
const quartalTitel = `${quartal}. Quartal ${jahr}`;

interface Person {
  login: string;
  password: string;
  id: number;
  name: string;
}

/** A tenant of its own with the quarter calendar; the demo admin (every authority) is its member. */
async function kalenderMandant(
  request: APIRequestContext,
  admin: ApiSession,
  purpose: string,
): Promise<number> {
  return createMandant(request, admin, {
    bezeichnung: uniqueMandantName(`Kalender ${purpose}`),
    modulList: ["quartalskalender"],
    userIds: [admin.userId],
  });
}

async function benutzer(
  request: APIRequestContext,
  admin: ApiSession,
  mandantId: number,
  input: { prefix: string; firstName: string; lastName: string; authorities: string[] },
): Promise<Person> {
  const login = `${input.prefix}-${randomUUID().slice(0, 8)}`;
  const password = "start-123";
  const { id } = await apiCall<{ id: number }>(request, admin, "POST", "users", {
    expected: 201,
    data: {
      login,
      password,
      email: `${login}@example.com`,
      firstName: input.firstName,
      lastName: input.lastName,
      activated: true,
      langKey: "de",
      authorities: input.authorities,
      mandantIds: [mandantId],
    },
  });
  return { login, password, id, name: `${input.firstName} ${input.lastName}` };
}

async function angemeldet(
  browser: Browser,
  mandantId: number,
  login: { login: string; password: string },
  userId: number,
): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await startInMandant(page, mandantId);
  await suppressNewsPopup(page, userId);
  await signInFromStart(page, login);
  return page;
}

const boardLesen = (request: APIRequestContext, session: ApiSession, mandantId: number, id: number) =>
  apiCall<TQuartalskalenderBoard>(request, session, "GET", `quartalskalender/${id}`, { mandantId });

/** A day of a row: the cell a click plans on and a bar is dropped on. */
const zelle = (page: Page, zeile: string, datum: string) =>
  page.getByRole("gridcell", { name: `Neuer Eintrag für ${zeile} am ${de(datum)}`, exact: true });
const zeileVon = (page: Page, userId: number) => page.getByTestId(`zeile-${userId}`);
const balken = (page: Page, text: string) =>
  page.getByRole("button", { name: new RegExp(`^Eintrag: ${text}`) });

async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button, exact: true }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path()) ?? "") };
}

test.describe("quarter calendar", () => {
  test("the admin creates this quarter, plans a week for an employee and drags it to another row and week; .ics and PDF follow", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    expect(montag, `two full weeks in Q${quartal}/${jahr}`).not.toBe("");
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await kalenderMandant(request, admin, "Planen");
    const monteur = await benutzer(request, admin, mandantId, {
      prefix: "monteur",
      firstName: "Bernd",
      lastName: "Bauer",
      authorities: ["ROLE_USER"],
    });
    const bezeichnung = `Montage ${randomUUID().slice(0, 8)}`;

    // The list is empty; "Neues Quartal" presets this quarter, people as rows.
    const page = await angemeldet(browser, mandantId, DEMO.admin, admin.userId);
    await page.goto("/app/quartalskalender_list");
    await expect(page.getByRole("heading", { level: 1, name: "Quartalskalender" })).toBeVisible();
    await expect(page.getByText("Noch kein Quartal geplant.")).toBeVisible();
    await page.getByRole("link", { name: "Neues Quartal" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Neues Quartal" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Jahr" })).toHaveValue(String(jahr));
    await expect(page.getByRole("combobox", { name: "Quartal" })).toHaveValue(`Q${quartal}`);
    await page.getByRole("textbox", { name: "Bezeichnung" }).fill(bezeichnung);
    await page.getByRole("button", { name: "Anlegen" }).click();

    // The board: the tenant's members as rows.
    await expect(page).toHaveURL(/\/app\/quartalskalender\/\d+$/);
    const kalenderId = Number(/quartalskalender\/(\d+)$/.exec(page.url())?.[1]);
    await expect(
      page.getByRole("heading", { level: 1, name: `${quartalTitel} – ${bezeichnung}` }),
    ).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Anna Admin" })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: monteur.name })).toBeVisible();
    await expect(page.getByRole("grid")).toHaveAttribute("aria-readonly", "false");

    // A click on the employee's Monday opens the dialog with row and day preset; the week is planned to Friday.
    await zelle(page, monteur.name, montag).click();
    const dialog = page.getByRole("dialog", { name: "Neuer Eintrag" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("combobox", { name: "Person" })).toHaveValue(monteur.name);
    await expect(dialog.getByRole("textbox", { name: "Von", exact: true })).toHaveValue(de(montag));
    await dialog.getByRole("textbox", { name: "Text", exact: true }).fill("Baustelle Huber");
    await dialog.getByRole("textbox", { name: "Bis", exact: true }).fill(de(freitag));
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog).toBeHidden();

    const bar = balken(page, "Baustelle Huber");
    await expect(bar).toHaveAccessibleName(`Eintrag: Baustelle Huber, ${de(montag)} – ${de(freitag)}`);
    await expect(
      zeileVon(page, monteur.id).getByRole("button", { name: /^Eintrag: Baustelle Huber/ }),
    ).toBeVisible();
    await expect(bar).toHaveAttribute("draggable", "true");
    const geplant = await boardLesen(request, admin, mandantId, kalenderId);
    expect(geplant.eintraege).toHaveLength(1);
    expect(geplant.eintraege[0]).toMatchObject({
      text: "Baustelle Huber",
      userId: monteur.id,
      von: montag,
      bis: freitag,
    });

    // Dragged by its middle (the Wednesday) onto the admin's Wednesday a week later: row and days move, the
    // length stays.
    await bar.dragTo(zelle(page, "Anna Admin", addDays(montag, 9)));
    await expect(page.getByText("Eintrag verschoben")).toBeVisible();
    await expect(bar).toHaveAccessibleName(`Eintrag: Baustelle Huber, ${de(neuMontag)} – ${de(neuFreitag)}`);
    await expect(
      zeileVon(page, admin.userId).getByRole("button", { name: /^Eintrag: Baustelle Huber/ }),
    ).toBeVisible();
    await expect(zeileVon(page, monteur.id).getByRole("button", { name: /^Eintrag: / })).toHaveCount(0);
    await expect
      .poll(async () => (await boardLesen(request, admin, mandantId, kalenderId)).eintraege)
      .toEqual([
        expect.objectContaining({
          id: geplant.eintraege[0]?.id,
          text: "Baustelle Huber",
          userId: admin.userId,
          von: neuMontag,
          bis: neuFreitag,
        }),
      ]);

    // After a reload the board still shows it there.
    await page.reload();
    await expect(
      zeileVon(page, admin.userId).getByRole("button", { name: /^Eintrag: Baustelle Huber/ }),
    ).toHaveAccessibleName(`Eintrag: Baustelle Huber, ${de(neuMontag)} – ${de(neuFreitag)}`);

    // The iCalendar export: one all-day event on the new days (DTEND is the day after, RFC 5545).
    const kalenderDatei = await download(page, "iCalendar (.ics)");
    expect(kalenderDatei.name).toMatch(/\.ics$/);
    const text = kalenderDatei.bytes.toString("utf8").replace(/\r\n[ \t]/g, "");
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).toContain("SUMMARY:Baustelle Huber");
    // The summary names the row the bar was dragged to.
    expect(text).toContain("SUMMARY:Baustelle Huber (Anna Admin)");
    expect(text).toContain(`DTSTART;VALUE=DATE:${ics(neuMontag)}`);
    expect(text).toContain(`DTEND;VALUE=DATE:${ics(addDays(neuFreitag, 1))}`);
    expect(text).not.toContain(`DTSTART;VALUE=DATE:${ics(montag)}`);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);

    // The PDF: downloads, is a PDF; the server sends it as application/pdf.
    const pdf = await download(page, "PDF");
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const antwort = await request.get(`/app/api/quartalskalender/${kalenderId}/pdf?lang=de`, {
      headers: { Authorization: `Bearer ${admin.token}`, "X-Mandant-Id": String(mandantId) },
    });
    expect(antwort.status()).toBe(200);
    expect(antwort.headers()["content-type"]).toContain("application/pdf");
    await page.context().close();
  });

  // The board opens at "this week" by the browser's clock: on a Saturday or Sunday the first version hid this week's
  // Monday under the sticky names (the suite failed on Sundays). Checked in the real layout, with the browser's clock
  // set to a Sunday, a quarter's last Saturday, a year's end and the Sunday of an ISO week 53 (whose Monday lies in
  // the previous quarter), on a desktop and on a phone.
  for (const { heute: tag, breite } of [
    { heute: "2026-11-29", breite: 1280 },
    { heute: "2027-03-27", breite: 1280 },
    { heute: "2026-12-31", breite: 390 },
    { heute: "2027-01-03", breite: 1280 },
    { heute: "2027-01-03", breite: 390 },
  ]) {
    test(`on ${tag} (${breite} px) the board opens with this week in view and a bar moves within it`, async ({
      browser,
      request,
    }) => {
      const admin = await apiSignIn(request, DEMO.admin);
      const mandantId = await kalenderMandant(request, admin, `Woche ${tag}`);
      const monteur = await benutzer(request, admin, mandantId, {
        prefix: "monteur",
        firstName: "Bernd",
        lastName: "Bauer",
        authorities: ["ROLE_USER"],
      });
      const q = quartalVon(tag);
      const kalender = await apiCall<{ id: number }>(request, admin, "PUT", "quartalskalender", {
        mandantId,
        data: { jahr: q.jahr, quartal: q.quartal, bezeichnung: `Woche ${tag}`, zeilenArt: "personen" },
      });
      const woche = Array.from({ length: 7 }, (_, i) => addDays(montagDerWoche(tag), i));
      const imQuartal = woche.filter(
        (d) => d >= quartalBeginn(q.jahr, q.quartal) && d <= quartalEnde(q.jahr, q.quartal),
      );
      await apiCall(request, admin, "PUT", `quartalskalender/${kalender.id}/eintrag`, {
        mandantId,
        data: {
          userId: monteur.id,
          baustelleId: null,
          von: imQuartal[0],
          bis: imQuartal[0],
          text: "Kurz",
          kundeId: null,
          farbe: "gruen",
          notiz: null,
          wiederkehrend: false,
        },
      });

      const context = await browser.newContext({ viewport: { width: breite, height: 800 } });
      await context.clock.setFixedTime(new Date(`${tag}T10:00:00+01:00`));
      const page = await context.newPage();
      await startInMandant(page, mandantId);
      await suppressNewsPopup(page, admin.userId);
      await signInFromStart(page, DEMO.admin);
      await page.goto(`/app/quartalskalender/${kalender.id}`);
      await expect(page.getByRole("rowheader", { name: monteur.name })).toBeVisible();

      // Without any scrolling by the test: every day of this week is in view and not covered by the names.
      for (const datum of woche) {
        const cell = zelle(page, monteur.name, datum);
        const frei = await cell.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const oben = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return (
            box.right <= window.innerWidth &&
            (oben === element || element.contains(oben) || !!oben?.closest("[data-testid^=eintrag-]"))
          );
        });
        expect({ datum, frei }).toEqual({ datum, frei: true });
      }
      // A bar dragged onto another row on the last day of this week in the quarter.
      const nach = imQuartal[imQuartal.length - 1] ?? "";
      await balken(page, "Kurz").dragTo(zelle(page, "Anna Admin", nach));
      await expect(page.getByText("Eintrag verschoben")).toBeVisible();
      await expect(
        zeileVon(page, admin.userId).getByRole("button", { name: /^Eintrag: Kurz/ }),
      ).toHaveAccessibleName(`Eintrag: Kurz, ${de(nach)}`);
      await context.close();
    });
  }

  test("a user with ROLE_KALENDER_READONLY sees the board and its entry but cannot change anything", async ({
    browser,
    request,
  }) => {
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await kalenderMandant(request, admin, "Lesen");
    const monteur = await benutzer(request, admin, mandantId, {
      prefix: "monteur",
      firstName: "Bernd",
      lastName: "Bauer",
      authorities: ["ROLE_USER"],
    });
    const leser = await benutzer(request, admin, mandantId, {
      prefix: "leser",
      firstName: "Lena",
      lastName: "Leser",
      authorities: ["ROLE_USER", "ROLE_KALENDER_READONLY"],
    });
    const bezeichnung = `Montage ${randomUUID().slice(0, 8)}`;
    const kalender = await apiCall<{ id: number }>(request, admin, "PUT", "quartalskalender", {
      mandantId,
      data: { jahr, quartal, bezeichnung, zeilenArt: "personen" },
    });
    const eintrag = {
      userId: monteur.id,
      baustelleId: null,
      von: montag,
      bis: freitag,
      text: "Baustelle Huber",
      kundeId: null,
      farbe: "gruen",
      notiz: null,
      wiederkehrend: false,
    };
    const gespeichert = await apiCall<{ id: number }>(
      request,
      admin,
      "PUT",
      `quartalskalender/${kalender.id}/eintrag`,
      { mandantId, data: eintrag },
    );

    // The list: the calendar, no control to create, copy or delete.
    const page = await angemeldet(browser, mandantId, leser, leser.id);
    await page.goto("/app/quartalskalender_list");
    await expect(page.getByRole("heading", { level: 1, name: "Quartalskalender" })).toBeVisible();
    await expect(page.getByRole("link", { name: quartalTitel })).toBeVisible();
    await expect(page.getByRole("link", { name: "Neues Quartal" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Baustellen" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /kopieren/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Löschen: ${bezeichnung}` })).toHaveCount(0);

    // The board: the entry in the employee's row, marked read-only, no planning controls, bars not draggable.
    await page.getByRole("link", { name: quartalTitel }).click();
    await expect(page).toHaveURL(new RegExp(`/app/quartalskalender/${kalender.id}$`));
    await expect(
      page.getByRole("heading", { level: 1, name: `${quartalTitel} – ${bezeichnung}` }),
    ).toBeVisible();
    await expect(page.getByText("Nur lesen", { exact: true })).toBeVisible();
    await expect(page.getByRole("grid")).toHaveAttribute("aria-readonly", "true");
    const bar = zeileVon(page, monteur.id).getByRole("button", { name: /^Eintrag: Baustelle Huber/ });
    await expect(bar).toHaveAccessibleName(`Eintrag: Baustelle Huber, ${de(montag)} – ${de(freitag)}`);
    await expect(bar).toHaveAttribute("draggable", "false");
    for (const name of ["Neuer Eintrag", "Tagesnotiz"])
      await expect(page.getByRole("button", { name, exact: true })).toHaveCount(0);
    await expect(page.getByText(/Einträge mit der Maus/)).toHaveCount(0);
    // Downloads stay.
    await expect(page.getByRole("button", { name: "PDF", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "iCalendar (.ics)", exact: true })).toBeVisible();

    // A click on an empty day plans nothing.
    await zelle(page, leser.name, montag).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // A drag changes nothing (the bar is not draggable, the days take no drop).
    await bar.dragTo(zelle(page, leser.name, addDays(montag, 9)));
    await expect(page.getByText("Eintrag verschoben")).toHaveCount(0);

    // The entry opens to look at: every field disabled, no save, no delete.
    await bar.click();
    const dialog = page.getByRole("dialog", { name: "Eintrag" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "Text", exact: true })).toHaveValue("Baustelle Huber");
    await expect(dialog.getByRole("textbox", { name: "Text", exact: true })).toBeDisabled();
    await expect(dialog.getByRole("textbox", { name: "Von", exact: true })).toBeDisabled();
    await expect(dialog.getByRole("textbox", { name: "Bis", exact: true })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Speichern" })).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Löschen" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
    await expect(dialog).toBeHidden();
    await page.context().close();

    // The API refuses every change to the reader (403), and nothing changed.
    const session = await apiSignIn(request, leser);
    const refused = { mandantId, expected: 403 };
    await apiCall(request, session, "PUT", `quartalskalender/${kalender.id}/eintrag`, {
      ...refused,
      data: { ...eintrag, id: gespeichert.id, userId: leser.id, von: neuMontag, bis: neuFreitag },
    });
    await apiCall(request, session, "PUT", `quartalskalender/${kalender.id}/eintrag`, {
      ...refused,
      data: { ...eintrag, text: "Neu" },
    });
    await apiCall(
      request,
      session,
      "DELETE",
      `quartalskalender/${kalender.id}/eintrag/${gespeichert.id}`,
      refused,
    );
    await apiCall(request, session, "PUT", "quartalskalender", {
      ...refused,
      data: { jahr, quartal, bezeichnung: "Anderes", zeilenArt: "personen" },
    });
    await apiCall(request, session, "PUT", "quartalskalendernote", {
      ...refused,
      data: { kalenderId: kalender.id, datum: montag, text: "Notiz" },
    });
    const danach = await boardLesen(request, session, mandantId, kalender.id);
    expect(danach.eintraege).toEqual([
      expect.objectContaining({ id: gespeichert.id, userId: monteur.id, von: montag, bis: freitag }),
    ]);
    expect(danach.notes).toEqual([]);
  });
});
