import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toFieldErrors } from "../http/field-errors.ts";
import { checkUid, normalizeUid, ZUid } from "./uid.rules.ts";

/*
 * Sources of the valid samples (real, published numbers; each was also cross-checked with python-stdnum):
 *   [stdnum]   python-stdnum, tests/test_eu_vat.doctest: "VAT numbers that have been found online"
 *   [stdnum-d] python-stdnum, the module's documented example (stdnum/<cc>/….py docstring)
 *   [bmf]      ATU12345675, the classic sample of the Austrian tax administration (also docs/GLOSSARY.md)
 *   [bzst]     DE136695976, a published German test id
 *   [insee]    FR 83 404 833 048, the worked key example for SIREN 404 833 048 (key = 12 + 3 × (SIREN mod 97))
 *   [i51]      python-stdnum issue #51: CZ 682127228 reported valid by VIES
 *   [i37]      stdnum-js issue #37: GB 340804329 reported valid (a "9755" series number)
 * XI numbers are the same numbers and check as GB ones; the XI samples are published GB numbers under XI.
 */
const VALID: [input: string, land: string, normalized: string][] = [
  ["ATU12345675", "AT", "ATU12345675"], // [bmf]
  ["AT U13585627", "AT", "ATU13585627"], // [stdnum-d]
  ["BE 0202.239.951", "BE", "BE0202239951"], // [stdnum]
  ["BE0897290877", "BE", "BE0897290877"], // [stdnum]
  ["BG 175074752", "BG", "BG175074752"], // [stdnum] legal entity, 9 digits
  ["BG7523169263", "BG", "BG7523169263"], // [stdnum] natural person, 10 digits
  ["CY-10259033P", "CY", "CY10259033P"], // [stdnum]
  ["CY00632993F", "CY", "CY00632993F"], // [stdnum]
  ["CZ25123891", "CZ", "CZ25123891"], // [stdnum] legal entity
  ["CZ682127228", "CZ", "CZ682127228"], // [i51] special case (9 digits starting 6)
  ["CZ6306150004", "CZ", "CZ6306150004"], // [stdnum] birth number, 10 digits
  ["DE136695976", "DE", "DE136695976"], // [bzst]
  ["DE 811 363 057", "DE", "DE811363057"], // [stdnum]
  ["DK 28107773", "DK", "DK28107773"], // [stdnum]
  ["DK-20 04 52 72", "DK", "DK20045272"], // [stdnum]
  ["EE 100 931 558", "EE", "EE100931558"], // [stdnum]
  ["EE101256753", "EE", "EE101256753"], // [stdnum]
  ["EL 094012834", "GR", "EL094012834"], // [stdnum]
  ["El 800 179 925", "GR", "EL800179925"], // [stdnum]
  ["ES A-28184661", "ES", "ESA28184661"], // [stdnum] CIF, numeric control
  ["ES Q-2818015-F", "ES", "ESQ2818015F"], // [stdnum] CIF, letter control
  ["ES 54362315K", "ES", "ES54362315K"], // [stdnum] DNI
  ["ES X-5253868-R", "ES", "ESX5253868R"], // [stdnum] NIE
  ["ESZ5277343K", "ES", "ESZ5277343K"], // [stdnum] NIE
  ["FI 2094606-3", "FI", "FI20946063"], // [stdnum]
  ["FI20774740", "FI", "FI20774740"], // [stdnum]
  ["FR 83 404 833 048", "FR", "FR83404833048"], // [insee], also [stdnum]
  ["Fr 40 303 265 045", "FR", "FR40303265045"], // [stdnum]
  ["FR K 7399859412", "FR", "FRK7399859412"], // [stdnum] alphabetic key: SIREN check only
  ["FR32000000330", "FR", "FR32000000330"], // [stdnum] Monaco (no SIREN)
  ["HR33392005961", "HR", "HR33392005961"], // [stdnum-d]
  ["HU-12892312", "HU", "HU12892312"], // [stdnum]
  ["HU 10672101", "HU", "HU10672101"], // [stdnum]
  ["IE 6433435F", "IE", "IE6433435F"], // [stdnum] 7 digits + letter
  ["IE6433435OA", "IE", "IE6433435OA"], // [stdnum-d] 2013 format, two letters
  ["IE8D79739I", "IE", "IE8D79739I"], // [stdnum-d] old style
  ["IE9Y71814N", "IE", "IE9Y71814N"], // [stdnum] old style
  ["IT00743110157", "IT", "IT00743110157"], // [stdnum]
  ["IT - 01404480202", "IT", "IT01404480202"], // [stdnum]
  ["LT 119511515", "LT", "LT119511515"], // [stdnum] 9 digits
  ["LT100001919017", "LT", "LT100001919017"], // [stdnum] 12 digits
  ["LU 22991225", "LU", "LU22991225"], // [stdnum]
  ["LU.248.70.640", "LU", "LU24870640"], // [stdnum]
  ["LV 4000 3521 600", "LV", "LV40003521600"], // [stdnum]
  ["LV 90000528023", "LV", "LV90000528023"], // [stdnum]
  ["MT 1167-9112", "MT", "MT11679112"], // [stdnum]
  ["MT20630321", "MT", "MT20630321"], // [stdnum]
  ["NL 004495445B01", "NL", "NL004495445B01"], // [stdnum-d] 11-test
  ["NL 8225.69.759 b01", "NL", "NL822569759B01"], // [stdnum] 11-test
  ["NL002455799B11", "NL", "NL002455799B11"], // [stdnum-d] mod 97 (since 2020)
  ["NL001162938B28", "NL", "NL001162938B28"], // [stdnum] mod 97
  ["PL 584-030-44-72", "PL", "PL5840304472"], // [stdnum]
  ["PL5261025421", "PL", "PL5261025421"], // [stdnum]
  ["PT 500 019 720", "PT", "PT500019720"], // [stdnum]
  ["PT502448911", "PT", "PT502448911"], // [stdnum]
  ["RO 21996566", "RO", "RO21996566"], // [stdnum]
  ["RO 573768", "RO", "RO573768"], // [stdnum] 6 digits
  ["SE 556043606401", "SE", "SE556043606401"], // [stdnum]
  ["SE-5562245190-01", "SE", "SE556224519001"], // [stdnum]
  ["SI 50223054", "SI", "SI50223054"], // [stdnum]
  ["SI-83815201", "SI", "SI83815201"], // [stdnum]
  ["SK2022193459", "SK", "SK2022193459"], // [stdnum]
  ["SK 1078449064", "SK", "SK1078449064"], // [stdnum]
  ["XI 980 7806 84", "GB", "XI980780684"], // [stdnum-d] (GB 980 7806 84)
  ["XI242338087388", "GB", "XI242338087388"], // [stdnum] branch trader, 12 digits (GB)
  ["XI340804329", "GB", "XI340804329"], // [i37] "9755" series (GB)
];

/** The valid samples with the check digit (or check letter) changed; every one must fail on its checksum. */
const WRONG_CHECK = [
  "ATU12345676",
  "ATU13585628",
  "BE0202239952",
  "BE0897290878",
  "BG175074753",
  "BG7523169264", // fails all three 10-digit algorithms
  "CY10259033Q",
  "CY00632993G",
  "CZ25123892",
  "CZ682127229",
  "CZ6306150005",
  "DE136695977",
  "DE811363058",
  "DK28107774",
  "DK20045273",
  "EE100931559",
  "EE101256754",
  "EL094012835",
  "EL800179926",
  "ESA28184662",
  "ESQ2818015G",
  "ES54362315L",
  "ESX5253868S",
  "ESZ5277343L",
  "FI20946064",
  "FI20774741",
  "FR83404833049", // changes the SIREN, whose own Luhn digit then fails
  "FR84404833048", // the key
  "FR40303265046",
  "FRK7399859413",
  "FR32000000331",
  "HR33392005962",
  "HU12892313",
  "HU10672102",
  "IE6433435G",
  "IE6433435PA",
  "IE8D79739J",
  "IE9Y71814O",
  "IT00743110158",
  "IT01404480203",
  "LT119511516",
  "LT100001919018",
  "LU22991226",
  "LU24870641",
  "LV40003521601",
  "LV90000528024",
  "MT11679113",
  "MT20630322",
  "NL004495446B01", // the 11-test digit (C9); the suffix is not part of it
  "NL822569750B01",
  "NL002455799B12",
  "NL001162938B29",
  "PL5840304473",
  "PL5261025422",
  "PT500019721",
  "PT502448912",
  "RO21996567",
  "RO573769",
  "SE556043606501", // the Luhn digit is the 10th, before 01
  "SE556224519101",
  "SI50223055",
  "SI83815202",
  "SK2022193450",
  "SK1078449065",
  "XI980780685",
  "XI242338088388", // the check pair is C8C9, the branch C10–C12 is not checked
  "XI340804320",
];

describe("normalizeUid", () => {
  it.each([
    ["atu 123-456.75", "ATU12345675"],
    [" DE 136 695 976 ", "DE136695976"],
    ["nl.0094.10.806.b.01", "NL009410806B01"],
    ["ATU\u00a012345675", "ATU12345675"],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(normalizeUid(input)).toBe(expected);
  });
});

describe("checkUid", () => {
  it.each(VALID)("%j is valid (%s)", (input, land, normalized) => {
    expect(checkUid(input)).toEqual({ ok: true, land, normalized });
  });

  it.each(WRONG_CHECK)("%s has a wrong check digit", (input) => {
    expect(checkUid(input)).toEqual({ ok: false, code: "checksum" });
  });

  it("covers all 27 member states and XI", () => {
    const prefixes = new Set(VALID.map(([, , normalized]) => normalized.slice(0, 2)));
    expect([...prefixes].sort()).toEqual(
      "AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI".split(" "),
    );
  });

  // Paths without a published check digit accept any number of the right structure (synthetic numbers).
  it.each([
    ["LV32000000000", "LV"], // natural person (personal code)
    ["CZ520101123", "CZ"], // birth number before 1954 (9 digits)
    ["FRAB123456782", "FR"], // alphabetic key (SIREN 123456782 has a valid Luhn digit)
  ])("%s is checked for its format only", (input, land) => {
    expect(checkUid(input)).toMatchObject({ ok: true, land });
  });

  it.each([
    "", // nothing
    "AT", // prefix only
    "AT12345675", // U missing
    "ATU1234567", // too short
    "ATU123456755", // too long
    "BE2202239951", // first digit neither 0 nor 1
    "BE202239951", // the old 9-digit form
    "BG12345678", // 8 digits
    "CY1025903P3", // letter not at the end
    "CY12259033P", // 12… is not issued
    "CZ1234567", // 7 digits
    "CZ92512389", // legal entities do not start with 9
    "CZ6313150004", // month 13 in a birth number
    "CZ6302300004", // 30 February
    "CZ700101123", // 9-digit birth numbers end in 1953
    "DE036695976", // leading 0
    "DE13669597", // 8 digits
    "DK08107773", // leading 0
    "EE10093155", // 8 digits
    "EL94012834", // the old 8-digit form
    "ESI2818015F", // I is no CIF letter
    "ES543623151", // a DNI ends in a letter
    "ESX52538681", // an NIE ends in a letter
    "ESA2818466", // 8 characters
    "FI2094606", // 7 digits
    "FRI0303265045", // I is no key letter
    "FR4030326504", // SIREN of 8 digits
    "HR3339200596", // 10 digits
    "HU1289231", // 7 digits
    "IE6433435", // check letter missing
    "IE6433435FX", // X is no second letter
    "IE64334351", // digit for a letter
    "IT00000000157", // C1–C7 all 0
    "IT00743112007", // office 200 does not exist
    "LT119511525", // 9 digits need C8 = 1
    "LT100001919027", // 12 digits need C11 = 1
    "LU2299122", // 7 digits
    "LV4000352160", // 10 digits
    "MT01679112", // leading 0
    "NL004495445801", // B missing
    "NL004495445B00", // suffix 00
    "NL000000000B01", // all zero
    "NL04495445B01", // 8 digits
    "PL584030447", // 9 digits
    "PT000019720", // leading 0
    "RO1", // a single digit
    "RO0573768", // leading 0
    "RO12345678901", // 11 digits
    "SE556043606402", // must end in 01
    "SE5560436064", // 10 digits
    "SI05022305", // leading 0
    "SK2012193459", // C3 = 1
    "SK0022193459", // leading 0
    "XI98078068", // 8 digits
    "XIGD001", // government departments are not supported
    "ATU12345X75", // letter among digits
  ])("%j has a wrong format", (input) => {
    expect(checkUid(input)).toEqual({ ok: false, code: "format" });
  });

  it.each([
    "GB980780684", // the United Kingdom left the EU; only XI (Northern Ireland) remains
    "GR094012834", // Greece's VAT prefix is EL
    "CHE123456788", // Switzerland
    "EU372000041", // non-union OSS scheme
    "QQ124567",
    "136695976", // prefix missing
    "U12345675",
  ])("%j has an unknown prefix", (input) => {
    expect(checkUid(input)).toEqual({ ok: false, code: "country" });
  });
});

describe("ZUid", () => {
  const Form = z.object({ uid: ZUid });

  function fieldErrors(input: unknown) {
    const result = Form.safeParse(input);
    return result.success ? [] : toFieldErrors(result.error.issues, input);
  }

  it.each([
    [{}, null],
    [{ uid: null }, null],
    [{ uid: "" }, null],
    [{ uid: "  " }, null],
    [{ uid: "atu 123 456 75" }, "ATU12345675"],
    [{ uid: "NL 8225.69.759 b01" }, "NL822569759B01"],
  ])("%j parses to %j", (input, expected) => {
    expect(Form.parse(input)).toEqual({ uid: expected });
  });

  it.each([
    ["ATU1234567", "pattern"],
    ["DE136695977", "checksum"],
    ["GB980780684", "invalid"],
    ["QQ123456789", "invalid"],
  ])("%j reads %s at the field", (uid, code) => {
    expect(fieldErrors({ uid })).toEqual([{ field: "uid", code }]);
  });
});
