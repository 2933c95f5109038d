import { describe, expect, it } from "vitest";
import { ZLoginRequest } from "./auth.schema.ts";

describe("ZLoginRequest", () => {
  it.each([
    [{ usernameOrEmail: "admin", password: "admin123" }, true],
    [{ usernameOrEmail: "  admin  ", password: "12345" }, true],
    [{ usernameOrEmail: "", password: "admin123" }, false],
    [{ usernameOrEmail: "   ", password: "admin123" }, false],
    [{ usernameOrEmail: "admin", password: "1234" }, false],
    [{ usernameOrEmail: "admin", password: "x".repeat(50) }, true],
    [{ usernameOrEmail: "admin", password: "x".repeat(51) }, false],
    [{ usernameOrEmail: "admin" }, false],
  ])("%j valid=%s", (input, valid) => {
    expect(ZLoginRequest.safeParse(input).success).toBe(valid);
  });

  it("trims the login", () => {
    expect(ZLoginRequest.parse({ usernameOrEmail: " a ", password: "12345" }).usernameOrEmail).toBe("a");
  });
});
