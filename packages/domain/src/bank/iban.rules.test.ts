import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toFieldErrors } from "../http/field-errors.ts";
import { ZBic, ZIban } from "./bank.schema.ts";
import { checkIban, formatIban, normalizeIban } from "./iban.rules.ts";

/*
 * Valid samples: the example IBANs of the SWIFT IBAN registry (AT, DE, GB, CH, FR, NL, BE, IT, ES, LI, MT, NO) —
 * each one's check digits are right by construction of the registry.
 */
describe("checkIban", () => {
  it.each([
    ["AT611904300234573201", "AT"],
    ["at61 1904 3002 3457 3201", "AT"],
    ["DE89370400440532013000", "DE"],
    ["GB29NWBK60161331926819", "GB"],
    ["CH9300762011623852957", "CH"],
    ["FR1420041010050500013M02606", "FR"],
    ["NL91ABNA0417164300", "NL"],
    ["BE68539007547034", "BE"],
    ["IT60X0542811101000000123456", "IT"],
    ["ES9121000418450200051332", "ES"],
    ["LI21088100002324013AA", "LI"],
    ["MT84MALT011000012345MTLCAST001S", "MT"],
    ["NO9386011117947", "NO"],
  ])("%s is a valid IBAN of %s", (input, land) => {
    expect(checkIban(input)).toEqual({ ok: true, land, normalized: normalizeIban(input) });
  });

  it.each([
    ["", "format"],
    ["AT61-1904-3002-3457-3201", "format"],
    ["ATXX1904300234573201", "format"],
    ["XX611904300234573201", "country"],
    ["AT61190430023457320", "length"],
    ["DE8937040044053201300", "length"],
    ["AT611904300234573202", "checksum"],
    ["DE88370400440532013000", "checksum"],
    ["GB29NWBK60161331926818", "checksum"],
  ])("%j is refused: %s", (input, code) => {
    expect(checkIban(input)).toEqual({ ok: false, code });
  });

  it("prints in groups of four", () => {
    expect(formatIban("at611904300234573201")).toBe("AT61 1904 3002 3457 3201");
    expect(formatIban("NO9386011117947")).toBe("NO93 8601 1117 947");
  });
});

describe("ZIban and ZBic", () => {
  const Form = z.object({ iban: ZIban, bic: ZBic });
  const fieldErrors = (input: unknown) => {
    const result = Form.safeParse(input);
    return result.success ? [] : toFieldErrors(result.error.issues, input);
  };

  it.each([
    [{}, { iban: null, bic: null }],
    [
      { iban: " ", bic: "" },
      { iban: null, bic: null },
    ],
    [
      { iban: "at61 1904 3002 3457 3201", bic: "bkau atww" },
      { iban: "AT611904300234573201", bic: "BKAUATWW" },
    ],
    [
      { iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
      { iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
    ],
  ])("%j parses to %j", (input, expected) => {
    expect(Form.parse(input)).toEqual(expected);
  });

  it.each([
    [{ iban: "AT6119043002345732" }, [{ field: "iban", code: "pattern" }]],
    [{ iban: "AT611904300234573202" }, [{ field: "iban", code: "checksum" }]],
    [{ bic: "BKAUAT" }, [{ field: "bic", code: "pattern" }]],
    [{ bic: "BKAUATWWX" }, [{ field: "bic", code: "pattern" }]],
  ])("%j reads %j", (input, errors) => {
    expect(fieldErrors(input)).toEqual(errors);
  });
});
