import { expect, type Page, test } from "@playwright/test";
import { DEMO, signInFromStart } from "./fixtures.ts";
import {
  apiSignIn,
  createMandant,
  startInMandant,
  suppressNewsPopup,
  uniqueMandantName,
} from "./shell.fixtures.ts";

/** Fills and posts the "Neuer Eintrag" dialog; leaves it open (the caller checks what happened). */
async function eintragen(page: Page, eintrag: { typ: "Einnahme" | "Ausgabe"; betrag: string; text: string }) {
  const dialog = page.getByRole("dialog", { name: "Neuer Eintrag" });
  if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Neuer Eintrag" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByText(eintrag.typ, { exact: true }).click();
  await dialog.getByRole("textbox", { name: "Betrag" }).fill(eintrag.betrag);
  await dialog.getByRole("textbox", { name: "Text" }).fill(eintrag.text);
  await dialog.getByRole("button", { name: "Buchen" }).click();
  return dialog;
}

test.describe("cash book (issue 17)", () => {
  test("an expense above the cash balance is refused at the amount; income, then an expense, with the running balance", async ({
    page,
    request,
  }) => {
    // A tenant of its own with the cash book (specs share one server): it starts at 0,00 €.
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await createMandant(request, admin, {
      bezeichnung: uniqueMandantName("Kassa"),
      modulList: ["kassabuch"],
      userIds: [admin.userId],
    });
    await startInMandant(page, mandantId);
    await suppressNewsPopup(page, admin.userId);
    await signInFromStart(page, DEMO.admin);

    await page.getByRole("link", { name: "Kassabuch" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Kassabuch" })).toBeVisible();
    await expect(page.getByText("Keine Einträge in diesem Zeitraum.")).toBeVisible();

    // 50 € out of an empty register: refused, the message at the amount, everything typed still there.
    const dialog = await eintragen(page, { typ: "Ausgabe", betrag: "50", text: "Porto" });
    const betrag = dialog.getByRole("textbox", { name: "Betrag" });
    await expect(dialog.getByText("Ausgabe übersteigt den Kassenstand!")).toBeVisible();
    await expect(betrag).toHaveAttribute("aria-invalid", "true");
    await expect(betrag).toHaveValue("50,00");
    await expect(dialog.getByRole("textbox", { name: "Text" })).toHaveValue("Porto");

    // Income first: 120 € in, then 45,50 € out.
    await eintragen(page, { typ: "Einnahme", betrag: "120", text: "Bareinlage" });
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Gebucht")).toBeVisible();
    await eintragen(page, { typ: "Ausgabe", betrag: "45,5", text: "Briefmarken" });
    await expect(dialog).toBeHidden();

    // The running balance per row, the cards and today's balance.
    const tabelle = page.getByRole("table");
    const zeile = (text: string) => tabelle.getByRole("row").filter({ hasText: text });
    await expect(zeile("Bareinlage").getByTestId("kassabuch-saldo")).toHaveText("120,00 €");
    await expect(zeile("Briefmarken").getByTestId("kassabuch-saldo")).toHaveText("74,50 €");
    await expect(page.getByRole("group", { name: "Einnahmen" })).toContainText("120,00 €");
    await expect(page.getByRole("group", { name: "Ausgaben" })).toContainText("45,50 €");
    await expect(page.getByRole("group", { name: "Endbestand" })).toContainText("74,50 €");
    await expect(page.getByTestId("kassabuch-kassenstand")).toHaveText("Kassenstand heute: 74,50 €");
  });
});
