import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toFieldErrors } from "./field-errors.ts";

const Schema = z
  .object({
    name: z.string().trim().min(1).max(5),
    password: z.string().min(5),
    email: z.email().optional(),
    plz: z
      .string()
      .regex(/^\d{4,5}$/)
      .optional(),
    count: z.number().int().min(1).max(3).optional(),
    lang: z.enum(["de", "en"]).optional(),
    tags: z.array(z.string()).max(1).optional(),
    address: z.object({ land: z.string().min(1) }).optional(),
  })
  .strict();

function codes(input: unknown) {
  const result = Schema.safeParse(input);
  if (result.success) return [];
  return toFieldErrors(result.error.issues, input);
}

describe("toFieldErrors", () => {
  it.each([
    [{ password: "12345" }, [{ field: "name", code: "required" }]],
    [{ name: null, password: "12345" }, [{ field: "name", code: "required" }]],
    [{ name: "   ", password: "12345" }, [{ field: "name", code: "required" }]],
    [{ name: 7, password: "12345" }, [{ field: "name", code: "invalidType" }]],
    [{ name: "abcdef", password: "12345" }, [{ field: "name", code: "maxLength", max: 5 }]],
    [{ name: "a", password: "1234" }, [{ field: "password", code: "minLength", min: 5 }]],
    [{ name: "a", password: "" }, [{ field: "password", code: "required" }]],
    [{ name: "a", password: "12345", email: "nope" }, [{ field: "email", code: "email" }]],
    [{ name: "a", password: "12345", plz: "12a" }, [{ field: "plz", code: "pattern" }]],
    [{ name: "a", password: "12345", count: 1.5 }, [{ field: "count", code: "integer" }]],
    [{ name: "a", password: "12345", count: 0 }, [{ field: "count", code: "min", min: 1 }]],
    [{ name: "a", password: "12345", count: 4 }, [{ field: "count", code: "max", max: 3 }]],
    [{ name: "a", password: "12345", lang: "fr" }, [{ field: "lang", code: "enum" }]],
    [{ name: "a", password: "12345", tags: ["x", "y"] }, [{ field: "tags", code: "maxLength", max: 1 }]],
    [{ name: "a", password: "12345", address: {} }, [{ field: "address.land", code: "required" }]],
    [{ name: "a", password: "12345", extra: 1 }, [{ field: "extra", code: "unknownField" }]],
    [
      {},
      [
        { field: "name", code: "required" },
        { field: "password", code: "required" },
      ],
    ],
  ])("%j", (input, expected) => {
    expect(codes(input)).toEqual(expected);
  });

  it("reports the body itself when it is not an object", () => {
    expect(codes("text")).toEqual([{ field: "", code: "invalidType" }]);
  });
});
