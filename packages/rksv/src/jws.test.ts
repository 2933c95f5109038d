import { describe, expect, it } from "vitest";
import type { DepExport } from "./dep.ts";
import {
  AUSFALL_SIGNATUR,
  baueAusfallJws,
  baueJws,
  JWS_HEADER,
  jwsAusQr,
  jwsSignaturEingabe,
  qrAusJws,
  verkettungswert,
  zerlegeJws,
} from "./jws.ts";
import { ladeJson } from "./rksv.testing.ts";

const beispielDep = ladeJson<DepExport>("pruefetool/examples/dep-export.json");
const beispielJws = beispielDep["Belege-Gruppe"].flatMap((g) => g["Belege-kompakt"]);
const beispielQr = ladeJson<string[]>("pruefetool/examples/qr-codes.json");

describe("constants of suite R1", () => {
  it("has the ES256 header and the failed-device segment of the README", () => {
    expect(JWS_HEADER).toBe("eyJhbGciOiJFUzI1NiJ9");
    expect(Buffer.from(JWS_HEADER, "base64url").toString()).toBe('{"alg":"ES256"}');
    expect(AUSFALL_SIGNATUR).toBe("U2ljaGVyaGVpdHNlaW5yaWNodHVuZyBhdXNnZWZhbGxlbg");
  });
});

describe("verkettungswert", () => {
  it("chains the start receipt to the cash box id", () => {
    expect(verkettungswert(undefined, "CASHBOX-DEMO-1")).toBe("cg8hNU5ihto=");
  });

  it("chains every other receipt to the previous JWS, as in the official example", () => {
    for (const [i, jws] of beispielJws.entries()) {
      const code = zerlegeJws(jws)!.maschinenlesbarerCode;
      expect(code.split("_")[12]).toBe(verkettungswert(beispielJws[i - 1], "KASSE-1"));
    }
  });
});

describe("JWS and QR", () => {
  it("turns the example's JWS into its QR codes and back", () => {
    expect(beispielJws.map(qrAusJws)).toEqual(beispielQr);
    expect(beispielQr.map(jwsAusQr)).toEqual(beispielJws);
  });

  it("builds and takes apart signed and failed receipts", () => {
    const code = "_R1-AT0_K_1_2024-05-01T08:00:00_0,00_0,00_0,00_0,00_0,00_AAAAAAA=_U:ATU1-K1_cg8hNU5ihto=";
    const signatur = Buffer.alloc(64, 7);
    const jws = baueJws(code, signatur);
    expect(jws.startsWith(`${jwsSignaturEingabe(code)}.`)).toBe(true);
    expect(zerlegeJws(jws)).toEqual({
      maschinenlesbarerCode: code,
      signaturEingabe: jwsSignaturEingabe(code),
      signatur,
    });
    const ausfall = baueAusfallJws(code);
    expect(ausfall.endsWith(`.${AUSFALL_SIGNATUR}`)).toBe(true);
    expect(zerlegeJws(ausfall)?.signatur).toBeNull();
    expect(qrAusJws(ausfall)).toBe(
      `${code}_${Buffer.from("Sicherheitseinrichtung ausgefallen").toString("base64")}`,
    );
  });

  it.each([
    ["two parts", "eyJhbGciOiJFUzI1NiJ9.YQ"],
    ["another header", `eyJhbGciOiJSUzI1NiJ9.YQ.${Buffer.alloc(64).toString("base64url")}`],
    ["a short signature", `${JWS_HEADER}.YQ.${Buffer.alloc(63).toString("base64url")}`],
    ["standard base64", `${JWS_HEADER}.YQ==.${Buffer.alloc(64).toString("base64url")}`],
  ])("refuses %s", (_fall, jws) => {
    expect(zerlegeJws(jws)).toBeNull();
  });
});
