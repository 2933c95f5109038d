import { describe, expect, it } from "vitest";
import { einsetzen } from "./einsetzen.ts";

describe("einsetzen", () => {
  it("fills placeholders (also with spaces inside), numbers as text, a missing value as nothing", () => {
    expect(einsetzen("Seite {{seite}} von {{ seiten }}", { seite: 2, seiten: 3 })).toBe("Seite 2 von 3");
    expect(einsetzen("Hallo {{name}}!", {})).toBe("Hallo !");
    expect(einsetzen("ohne", { x: 1 })).toBe("ohne");
  });
});
