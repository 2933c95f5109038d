import { MantineProvider } from "@mantine/core";
import { useForm } from "@mantine/form";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { aufraeumen, initTestI18n } from "../../test/komponententest.ts";
import { KundeErechnung } from "./KundeErechnung.tsx";
import { type KundeValues, neuerKundeForm } from "./kunde.form.ts";

beforeAll(() => initTestI18n(["common", "kunde", "erechnung"], "de", "kunde"));

afterEach(aufraeumen);

function Formular({ werte }: { werte: Partial<KundeValues> }) {
  const form = useForm<KundeValues>({ mode: "controlled", initialValues: { ...neuerKundeForm(), ...werte } });
  return (
    <MantineProvider>
      <KundeErechnung form={form} />
    </MantineProvider>
  );
}

const adresse = () => screen.getByLabelText("Elektronische Adresse") as HTMLInputElement;
const peppolHinweis = () => screen.queryByTestId("peppol-hinweis")?.textContent ?? null;

describe("KundeErechnung: the electronic address per format (issue 33)", () => {
  it("names a scheme outside the EAS code list when the field is left", () => {
    render(<Formular werte={{ eRechnungAdresse: "1234:abc" }} />);
    fireEvent.blur(adresse());
    expect(adresse().getAttribute("aria-invalid")).toBe("true");
    expect(document.body.textContent).toContain("Das Schema 1234 steht nicht in der EAS-Codeliste");
  });

  it("with Peppol: an e-mail address without VAT id is named as refused; a VAT id or a Peppol id is enough", () => {
    const { unmount } = render(
      <Formular
        werte={{ eRechnungFormat: "peppol", eRechnungAdresse: "kreditoren@uhren-meier.ch", uid: "" }}
      />,
    );
    expect(peppolHinweis()).toContain("Peppol nimmt keine E-Mail-Adressen an");
    unmount();
    render(<Formular werte={{ eRechnungFormat: "peppol", eRechnungAdresse: "", uid: "CHE123456789" }} />);
    expect(peppolHinweis()).toBeNull();
  });

  it("with Peppol: a scheme only EN 16931 knows is named; other formats take the e-mail address", () => {
    const { unmount } = render(
      <Formular werte={{ eRechnungFormat: "peppol", eRechnungAdresse: "0242:abc" }} />,
    );
    expect(peppolHinweis()).toContain("Peppol kennt das Schema 0242 nicht");
    unmount();
    render(
      <Formular
        werte={{ eRechnungFormat: "xrechnung-ubl", eRechnungAdresse: "kreditoren@uhren-meier.ch" }}
      />,
    );
    expect(peppolHinweis()).toBeNull();
    expect(adresse().value).toBe("kreditoren@uhren-meier.ch");
  });

  it("with Peppol and a Peppol id: no note", () => {
    render(
      <Formular werte={{ eRechnungFormat: "peppol", eRechnungAdresse: "0088:7612345000008", uid: "" }} />,
    );
    expect(peppolHinweis()).toBeNull();
  });
});
