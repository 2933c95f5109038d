import { describe, expect, it } from "vitest";
import { tenantStateKey } from "../../app/tenantState.ts";
import {
  DEFAULT_KUNDE_FILTER,
  KUNDE_FILTER_KEY,
  kundeEditPath,
  kundeListParams,
  readKundeFilter,
  writeKundeFilter,
} from "./kunde.resource.ts";

describe("kunde list", () => {
  it("asks GET kundes for customers, suppliers or both, and for deactivated ones when wanted", () => {
    expect(kundeListParams(DEFAULT_KUNDE_FILTER, "")).toEqual({});
    expect(kundeListParams({ art: "kunden", includeDeactivated: false }, "müller")).toEqual({
      search: "müller",
      lieferant: false,
    });
    expect(kundeListParams({ art: "lieferanten", includeDeactivated: true }, "")).toEqual({
      lieferant: true,
      includeDeactivated: true,
    });
  });

  it("keeps the filter as tenant state (reset by a tenant switch) and reads junk as the default", () => {
    expect(KUNDE_FILTER_KEY).toBe(tenantStateKey("kunde.filter"));
    sessionStorage.clear();
    expect(readKundeFilter()).toEqual(DEFAULT_KUNDE_FILTER);
    writeKundeFilter({ art: "lieferanten", includeDeactivated: true });
    expect(readKundeFilter()).toEqual({ art: "lieferanten", includeDeactivated: true });
    sessionStorage.setItem(KUNDE_FILTER_KEY, "{not json");
    expect(readKundeFilter()).toEqual(DEFAULT_KUNDE_FILTER);
    sessionStorage.setItem(KUNDE_FILTER_KEY, JSON.stringify({ art: "x", includeDeactivated: "yes" }));
    expect(readKundeFilter()).toEqual(DEFAULT_KUNDE_FILTER);
  });

  it("creates a supplier through the new route's flag", () => {
    expect(kundeEditPath("new")).toBe("/kunde/new");
    expect(kundeEditPath("new", true)).toBe("/kunde/new?lieferant=true");
    expect(kundeEditPath(5, true)).toBe("/kunde/5");
  });
});
