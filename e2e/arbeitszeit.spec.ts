import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { dauerText } from "@kontor/domain/arbeitszeit/dauer";
import { gesetzlicheFeiertage } from "@kontor/domain/arbeitszeit/feiertage.rules";
import { addDays, datumText } from "@kontor/domain/date/calendar";
import { isoWochentag } from "@kontor/domain/date/zeitzone";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { DEMO, signInFromStart } from "./fixtures.ts";
import {
  apiCall,
  apiSignIn,
  createMandant,
  startInMandant,
  uniqueMandantName,
  viennaToday,
} from "./shell.fixtures.ts";

/**
 * Working time (issue 22), as an employee and an admin use it: the employee types a week of last month (two
 * records a day with a lunch break), takes a vacation day, submits the month; the admin approves it in the team
 * view; the month's figures and the PDF sheet show the right target, actual and balance. A tenant of its own
 * (module zeiterfassung, Austrian holidays, 40 hours a week, balances from the month's first day), so the figures
 * do not depend on other specs.
 */

/** Last month (YYYY-MM) in Vienna: an ended month can be submitted and approved. */
const monat = addDays(`${viennaToday().slice(0, 7)}-01`, -1).slice(0, 7);
const jahr = Number(monat.slice(0, 4));
const feiertage = new Set(gesetzlicheFeiertage("AT", jahr).map((f) => f.datum));
const tageDesMonats = Array.from({ length: 31 }, (_, i) => addDays(`${monat}-01`, i)).filter((d) =>
  d.startsWith(monat),
);
const arbeitstag = (d: string) => d.startsWith(monat) && isoWochentag(d) <= 5 && !feiertage.has(d);
/** The first Monday whose week (Mon–Fri) and the next Monday are working days of the month. */
const montag = tageDesMonats.find(
  (d) => isoWochentag(d) === 1 && [0, 1, 2, 3, 4, 7].every((n) => arbeitstag(addDays(d, n))),
);
const woche = montag ? [0, 1, 2, 3, 4].map((n) => addDays(montag, n)) : [];
const urlaubstag = montag ? addDays(montag, 7) : "";
/** Target: 8 hours on every working day; actual: 5 × 8:30 worked + 8:00 credited for the vacation day. */
const soll = tageDesMonats.filter(arbeitstag).length * 480;
const ist = 5 * 510 + 480;

const de = (iso: string) => datumText(iso, "de");
const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(
    /\s+/g,
    " ",
  );

async function angemeldet(browser: Browser, mandantId: number, login: { login: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await startInMandant(page, mandantId);
  await signInFromStart(page, login);
  return page;
}

async function erfassen(page: Page, datum: string, von: string, bis: string) {
  await page.getByRole("button", { name: `Arbeitszeit am ${de(datum)} erfassen` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Von (HH:MM)").fill(von);
  await dialog.getByLabel("Bis (HH:MM)").fill(bis);
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog).toBeHidden();
}

const karte = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

test.describe("working time", () => {
  test("an employee records a week and a vacation day and submits the month; the admin approves it; figures and PDF agree", async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    expect(montag, `a full working week in ${monat}`).toBeDefined();
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await createMandant(request, admin, {
      bezeichnung: uniqueMandantName("Arbeitszeit"),
      modulList: ["zeiterfassung"],
      userIds: [admin.userId],
    });
    const mitarbeiterin = { login: `erika-${randomUUID().slice(0, 8)}`, password: "start-123" };
    const { id: userId } = await apiCall<{ id: number }>(request, admin, "POST", "users", {
      expected: 201,
      data: {
        ...mitarbeiterin,
        email: `${mitarbeiterin.login}@example.com`,
        firstName: "Erika",
        lastName: "Fleißig",
        activated: true,
        langKey: "de",
        authorities: ["ROLE_ARBEITSZEITERFASSUNG"],
        mandantIds: [mandantId],
      },
    });
    await apiCall(request, admin, "PUT", "zeiterfassung/betrieb", {
      mandantId,
      data: {
        region: "AT",
        pausenAbzug: false,
        confirmTimes: true,
        zeitausgleich: true,
        vacationMode: false,
      },
    });
    await apiCall(request, admin, "POST", "holidayentry/import", {
      mandantId,
      data: { jahr, region: "AT" },
      expected: 200,
    });
    await apiCall(request, admin, "PUT", `zem_settings/${userId}`, {
      mandantId,
      data: {
        workhours: 40,
        uberstunden_beginn: `${monat}-01`,
        eintrittsdatum: "2020-01-01",
        urlaubsanspruchjahr: 25,
        // Balances start mid-year: the vacation left on that day is carried over.
        urlaub_aktuell: 20,
      },
    });

    // The employee: a week of last month, typed in (two records a day), and a vacation day.
    const page = await angemeldet(browser, mandantId, mitarbeiterin);
    await page.goto(`/app/zeiterfassung?monat=${monat}`);
    await expect(page.getByRole("heading", { level: 1, name: "Arbeitszeit" })).toBeVisible();
    for (const datum of woche) {
      await erfassen(page, datum, "08:00", "12:00");
      await erfassen(page, datum, "12:30", "17:00");
    }
    await page.getByRole("button", { name: "Abwesenheit eintragen" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox", { name: "Art" }).click();
    await page.getByRole("option", { name: "Urlaub" }).click();
    await dialog.getByRole("textbox", { name: "Von", exact: true }).fill(de(urlaubstag));
    await dialog.getByRole("textbox", { name: "Bis", exact: true }).fill(de(urlaubstag));
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog).toBeHidden();

    // Target, actual and balance of the month; the overtime starts on the month's first day.
    await expect(karte(page, "Ist")).toContainText(dauerText(ist));
    await expect(karte(page, "Soll")).toContainText(dauerText(soll));
    await expect(karte(page, "Saldo Monat")).toContainText(dauerText(ist - soll, true));
    await expect(karte(page, "Überstunden")).toContainText(dauerText(ist - soll, true));

    await page.getByRole("button", { name: "Monat einreichen" }).click();
    await expect(page.getByText("Eingereicht", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: `Arbeitszeit am ${de(woche[0]!)} erfassen` })).toHaveCount(
      0,
    );

    // The admin: the team view of last month shows the submitted month; approving closes it.
    const chef = await angemeldet(browser, mandantId, DEMO.admin);
    await chef.goto("/app/zeiterfassung_mitarbeiter");
    await chef.getByRole("button", { name: "Voriger Monat" }).click();
    const zeile = chef.getByRole("row", { name: /Fleißig Erika/ });
    await expect(zeile).toContainText("Eingereicht");
    await expect(zeile).toContainText(dauerText(ist));
    await zeile.getByText("Fleißig Erika").click();
    await expect(chef).toHaveURL(new RegExp(`monat=${monat}`));
    await chef.getByRole("button", { name: "Genehmigen" }).click();
    await expect(chef.getByText("Genehmigt", { exact: true })).toBeVisible();

    // The employee sees the month closed, and the sheet to sign shows the same figures and the approval.
    await page.reload();
    await expect(page.getByText("Genehmigt", { exact: true })).toBeVisible();
    await expect(page.getByTestId("arbeitszeit-gesperrt")).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Monatsblatt (PDF)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Arbeitszeit Erika Fleißig ${monat}.pdf`);
    const text = await pdfText(await readFile((await download.path()) ?? ""));
    expect(text).toContain("Erika Fleißig");
    expect(text).toContain("08:00–12:00");
    expect(text).toContain("Urlaub");
    expect(text).toContain(dauerText(ist));
    expect(text).toContain(dauerText(soll));
    expect(text).toContain(dauerText(ist - soll, true));
    expect(text).toMatch(/Genehmigt am \d\d\.\d\d\.\d{4} von admin/);
  });
});
