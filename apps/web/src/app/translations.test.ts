import { FIELD_ERROR_CODES, PROBLEM_CODES } from "@kontor/domain/http/problem.schema";
import { resources, supportedLanguages } from "@kontor/i18n";
import { describe, expect, it } from "vitest";

/** The web translates codes, never server text (DESIGN §5): every code the domain defines needs a message. */
describe("translations of the HTTP contract's codes", () => {
  for (const language of supportedLanguages) {
    it(`${language}: every problem code has a message`, () => {
      const errors: Record<string, string> = resources[language].errors.error;
      for (const code of PROBLEM_CODES) {
        const key = code.replace(/^error\./, "");
        expect(errors[key]?.trim(), `${language} errors:${code}`).toBeTruthy();
      }
    });

    it(`${language}: every field error code has a message`, () => {
      const validation: Record<string, string> = resources[language].validation;
      for (const code of FIELD_ERROR_CODES) {
        expect(validation[code]?.trim(), `${language} validation:${code}`).toBeTruthy();
      }
    });
  }

  it("problem codes all live under error.*", () => {
    for (const code of PROBLEM_CODES) expect(code).toMatch(/^error\.[A-Za-z]+$/);
  });
});
