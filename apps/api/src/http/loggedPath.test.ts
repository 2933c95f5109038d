import { describe, expect, it } from "vitest";
import { loggedPath } from "./loggedPath.ts";

describe("loggedPath: what a request log line shows of the URL", () => {
  it.each([
    ["/app/api/kundes?search=Muster", "/app/api/kundes"],
    ["/app/api/public/beleg/abcDEF_-123/pdf?download=1", "/app/api/public/beleg/…/pdf"],
    ["/app/api/public/beleg/abcDEF_-123", "/app/api/public/beleg/…"],
    ["/app/invoicetemplate/abcDEF_-123", "/app/invoicetemplate/…"],
    ["/app/activate/key123", "/app/activate/…"],
    ["/app/einladung/key123?x=1", "/app/einladung/…"],
    ["/app/disable2fa/key123", "/app/disable2fa/…"],
    ["/app/beleg/12/edit/true/false", "/app/beleg/12/edit/true/false"],
    ["/app/invoicetemplate", "/app/invoicetemplate"],
  ])("%s → %s", (url, logged) => {
    expect(loggedPath(url)).toBe(logged);
  });
});
