import { describe, expect, it } from "vitest";
import { allowedOrigin, isAllowedAddress } from "./allowedOrigins.ts";

const ERLAUBT = ["www.a-trust.at", "hs-abnahme.a-trust.at"].map((host) => allowedOrigin(host)!);

describe("the A-Trust allow-list fixes scheme and port (issue 33)", () => {
  it("a host name stands for https on the registered port", () => {
    expect(ERLAUBT).toEqual(["https://www.a-trust.at", "https://hs-abnahme.a-trust.at"]);
    expect(allowedOrigin("http://127.0.0.1:8123")).toBe("http://127.0.0.1:8123");
    expect(allowedOrigin("HTTPS://WWW.A-TRUST.AT:443/")).toBe("https://www.a-trust.at");
    for (const bad of ["ftp://www.a-trust.at", "https://u:p@www.a-trust.at", "https://x.at/pfad", "x y"])
      expect(allowedOrigin(bad), bad).toBeUndefined();
  });

  it.each([
    ["https://www.a-trust.at/asignrkonline/v2/", true],
    ["https://www.a-trust.at:443/asignrkonline/v2/", true],
    ["https://hs-abnahme.a-trust.at/asignrkonline/v2/", true],
    ["http://www.a-trust.at/asignrkonline/v2/", false],
    ["https://www.a-trust.at:8443/asignrkonline/v2/", false],
    ["http://www.a-trust.at:443/", false],
    ["https://user:pw@www.a-trust.at/", false],
    ["https://www.a-trust.at.example.com/", false],
    ["https://10.0.0.1/intern", false],
    ["kein-url", false],
  ])("%s → %s", (basisUrl, allowed) => {
    expect(isAllowedAddress(basisUrl, ERLAUBT)).toBe(allowed);
  });
});
