import { describe, expect, it } from "vitest";
import { loadNamespace, namespaces, resources, supportedLanguages } from "./index.ts";

/** All leaf keys as dotted paths, with their values. */
function leaves(value: unknown, prefix = ""): Array<[string, unknown]> {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, value]];
}

/** The {{variables}} a message interpolates, sorted. */
function interpolations(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? "").sort();
}

describe("locales", () => {
  it("has every namespace in every language", () => {
    for (const language of supportedLanguages) {
      expect(Object.keys(resources[language]).sort(), language).toEqual([...namespaces].sort());
    }
  });

  it("loads on demand exactly the texts of resources", async () => {
    for (const language of supportedLanguages) {
      for (const ns of namespaces) {
        expect(await loadNamespace(language, ns), `${language}/${ns}`).toEqual(resources[language][ns]);
      }
    }
  });

  for (const ns of namespaces) {
    describe(ns, () => {
      const byLanguage = Object.fromEntries(
        supportedLanguages.map((language) => [language, new Map(leaves(resources[language][ns]))]),
      );
      const german = byLanguage.de!;

      it("has the same keys in every language", () => {
        for (const language of supportedLanguages) {
          expect([...byLanguage[language]!.keys()].sort(), language).toEqual([...german.keys()].sort());
        }
      });

      it("has only non-empty strings", () => {
        for (const language of supportedLanguages) {
          for (const [key, value] of byLanguage[language]!) {
            expect(typeof value, `${language}/${ns}:${key}`).toBe("string");
            expect(String(value).trim(), `${language}/${ns}:${key}`).not.toBe("");
          }
        }
      });

      it("uses the same interpolation variables in every language", () => {
        for (const [key, value] of german) {
          for (const language of supportedLanguages) {
            const other = byLanguage[language]!.get(key);
            expect(interpolations(String(other)), `${language}/${ns}:${key}`).toEqual(
              interpolations(String(value)),
            );
          }
        }
      });
    });
  }
});
