import { describe, expect, it } from "vitest";
import { friendlyUsername } from "./auth.rules.ts";

describe("friendlyUsername", () => {
  it.each([
    [{ login: "admin", firstName: "Anna", lastName: "Huber" }, "Anna Huber"],
    [{ login: "admin", firstName: null, lastName: "Huber" }, "Huber"],
    [{ login: "admin", firstName: " ", lastName: null }, "admin"],
    [{ login: "user" }, "user"],
  ])("%j -> %s", (user, expected) => {
    expect(friendlyUsername(user)).toBe(expected);
  });
});
