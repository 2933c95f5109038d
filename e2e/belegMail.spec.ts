import { expect, test } from "@playwright/test";
import { DEMO, signInFromStart } from "./fixtures.ts";
import { type Mail, mailsTo } from "./mail.ts";
import { apiCall, apiSignIn, demoMandantId } from "./shell.fixtures.ts";

/** Specs share one server and database: every name this file creates carries this run's mark. */
const RUN = Date.now().toString(36);

/** The newest mail to an address in the outbox (the e2e server has no SMTP_URL), waiting for it. */
async function mailAn(address: string): Promise<Mail> {
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  return (await mailsTo(address))[0]!;
}

test.describe("documents by mail", () => {
  test("a user allows sending in the settings, finalizes an invoice and sends it by mail (read from the outbox)", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    // The demo tenant has every module (mailversand too); a user of its own, whose settings this test changes.
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await demoMandantId(request, admin);
    const user = { login: `mail-${RUN}`, password: "start-123" };
    await apiCall(request, admin, "POST", "users", {
      data: {
        ...user,
        email: `${user.login}@example.com`,
        firstName: "Mia",
        lastName: "Mailer",
        activated: true,
        langKey: "de",
        authorities: ["ROLE_USER"],
        mandantIds: [mandantId],
      },
      expected: 201,
    });
    const kundeMail = `buchhaltung-${RUN}@example.com`;
    const kontaktMail = `einkauf-${RUN}@example.com`;
    const kunde = await apiCall<{ id: number }>(request, admin, "PUT", "kundes", {
      mandantId,
      data: {
        firma: "firma",
        bezeichnung: `Mail Kunde ${RUN}`,
        email: kundeMail,
        kundeKontakte: [{ vorname: "Eva", nachname: "Einkauf", email: kontaktMail }],
        adresseLists: [{ strasse: "Ring", hausNummer: "7", plz: "1010", ort: "Wien", land: "AT" }],
      },
    });
    const beleg = await apiCall<{ id: number }>(request, admin, "PUT", "beleg", {
      mandantId,
      data: {
        belegDatum: "2026-03-02",
        belegsTyp: "rechnung",
        kunde: { id: kunde.id },
        leistungsDatum: "2026-03-02",
        belegspositionSet: [
          {
            positionsBeschreibung: `Beratung ${RUN}`,
            positionsMenge: 2,
            positionsPreis: 50,
            positionsMwst: 20,
          },
        ],
      },
    });

    // The draft is finalized in the editor; the user may not send mail yet (no button).
    await signInFromStart(page, user);
    await page.goto(`/app/beleg/${beleg.id}/edit/true/false`);
    await page.getByRole("button", { name: "Finalisieren", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Beleg finalisieren?" })
      .getByRole("button", { name: "Finalisieren", exact: true })
      .click();
    await expect(page.getByTestId("beleg-status")).toHaveText("Finalisiert");
    const nummer = (
      (await page
        .getByText(/^Nr\. /)
        .first()
        .textContent()) ?? ""
    )
      .replace(/^Nr\. /, "")
      .trim();
    expect(nummer).not.toBe("");
    await expect(page.getByRole("button", { name: "Stornieren" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Per E-Mail senden" })).toHaveCount(0);

    // Settings: sending documents by mail on, with a signature.
    await page.goto(`/app/settings/${user.login}`);
    await page.getByRole("switch", { name: "Belege per E-Mail versenden" }).check();
    await page.getByRole("textbox", { name: "E-Mail-Signatur" }).click();
    await page.keyboard.type(`Mia Mailer ${RUN}`);
    await page.getByRole("button", { name: "Speichern", exact: true }).click();
    await expect(page.getByText("Gespeichert", { exact: true })).toBeVisible();

    // The dialog, prefilled from the customer and its contact.
    await page.goto(`/app/beleg/${beleg.id}/edit/true/false`);
    await page.getByRole("button", { name: "Per E-Mail senden" }).click();
    const dialog = page.getByRole("dialog", { name: "Per E-Mail senden" });
    await expect(dialog.getByRole("textbox", { name: "Betreff" })).toHaveValue(
      `Rechnung ${nummer} von ${DEMO.mandant}`,
    );
    await expect(dialog.getByText(kundeMail, { exact: true })).toBeVisible();
    await expect(dialog.getByText(kontaktMail, { exact: true })).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "Nachricht" })).toHaveValue(/über 120,00 €/);
    await expect(dialog.getByTestId("mail-signatur")).toHaveText(`Mia Mailer ${RUN}`);
    await expect(dialog.getByTestId("mail-anhang")).toContainText(".pdf");
    await dialog.getByRole("checkbox", { name: `Kopie an mich (${user.login}@example.com)` }).check();
    await dialog
      .getByRole("textbox", { name: "Nachricht" })
      .fill(`Guten Tag,\n\nanbei Ihre Rechnung ${RUN}.`);
    await dialog.getByRole("button", { name: "Senden" }).click();
    await expect(page.getByText("Mail gesendet", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    // The mail in the outbox: both recipients, the subject, the text with the signature, the PDF attached.
    const mail = await mailAn(kundeMail);
    expect(mail.to).toContain(kontaktMail);
    expect(mail.subject).toBe(`Rechnung ${nummer} von ${DEMO.mandant}`);
    const text = mail.parts.find((part) => part.headers["content-type"]?.startsWith("text/plain"));
    expect(text?.content.toString("utf8")).toBe(
      `Guten Tag,\n\nanbei Ihre Rechnung ${RUN}.\n\n-- \nMia Mailer ${RUN}`,
    );
    const pdf = mail.parts.find((part) => part.headers["content-type"]?.startsWith("application/pdf"));
    expect(pdf, "a PDF attachment").toBeDefined();
    expect(pdf!.headers["content-disposition"]).toMatch(/^attachment; filename=.*\.pdf/);
    expect(pdf!.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // The document's history names the mail.
    await page.getByRole("tab", { name: /^Historie/ }).click();
    const zeile = page.getByRole("row").filter({ hasText: "Per E-Mail gesendet" });
    await expect(zeile).toContainText(`An: ${kundeMail}, ${kontaktMail}`);
  });
});
