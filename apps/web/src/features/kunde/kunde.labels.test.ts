import { resources } from "@kontor/i18n";
import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { feldLabel } from "./kunde.labels.ts";

let t: TFunction<"kunde">;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({ lng: "de", ns: ["kunde"], resources: { de: { kunde: resources.de.kunde } } });
  t = instance.getFixedT("de", "kunde") as TFunction<"kunde">;
});

describe("kunde field labels", () => {
  it.each([
    ["bezeichnung", "Firmenname"],
    ["adresseLists.0.plz", "PLZ (Rechnungsadresse)"],
    ["adresseLists.1.strasse", "Straße (Lieferadresse)"],
    ["adresseLists.3.ort", "Ort (Lieferadresse 3)"],
    ["kundeKontakte.1.nachname", "Nachname (Kontakt 2)"],
    ["fahrzeuge.0.kennzeichen", "Kennzeichen (Fahrzeug 1)"],
    ["kundeFelder.0.value", "Felder"],
    ["something.else", "something.else"],
  ])("%s reads %s", (path, label) => {
    expect(feldLabel(t, path)).toBe(label);
  });

  it("names a custom field by its definition", () => {
    expect(feldLabel(t, "kundeFelder.2.value", (index) => (index === 2 ? "Branche" : undefined))).toBe(
      "Branche",
    );
  });
});
