import { describe, expect, it } from "vitest";
import { e, ea, esc, t } from "./xml.ts";

describe("xml writer", () => {
  it("escapes text and drops characters XML forbids", () => {
    expect(esc(`a<b>&"c"\u0001\u0007d\te`)).toBe("a&lt;b&gt;&amp;&quot;c&quot;d\te");
  });
  it("leaves out empty elements", () => {
    expect(t("cbc:Note", "")).toBe("");
    expect(t("cbc:Note", undefined)).toBe("");
    expect(e("cac:Party", t("cbc:Name", " "), undefined, false)).toBe("");
    expect(e("cac:Party", t("cbc:Name", "A & B"))).toBe(
      "<cac:Party><cbc:Name>A &amp; B</cbc:Name></cac:Party>",
    );
    expect(t("cbc:Amount", "1.00", { currencyID: "EUR", leer: undefined })).toBe(
      '<cbc:Amount currencyID="EUR">1.00</cbc:Amount>',
    );
    expect(ea("r", { xmlns: "urn:x" }, [t("a", "1"), t("b", "2")])).toBe(
      '<r xmlns="urn:x"><a>1</a><b>2</b></r>',
    );
  });
});
