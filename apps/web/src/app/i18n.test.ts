// @vitest-environment jsdom
import { resources } from "@kontor/i18n";
import i18next from "i18next";
import { beforeEach, describe, expect, it } from "vitest";
import { applyAccountLanguage, chooseLanguage, LANGUAGE_KEY, onLanguageChosen } from "./i18n.ts";

beforeEach(async () => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  if (!i18next.isInitialized) await i18next.init({ lng: "de", resources, fallbackLng: false });
  await i18next.changeLanguage("de");
});

describe("the language on the account", () => {
  it("at sign-in the account's language applies and is remembered on this device", async () => {
    window.localStorage.setItem(LANGUAGE_KEY, "de");
    expect(applyAccountLanguage("en")).toBeNull();
    await expect.poll(() => i18next.language).toBe("en");
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe("en");
  });

  it("a language picked on the sign-in page in this tab wins and is handed back to be saved, once", async () => {
    await chooseLanguage("en");
    expect(applyAccountLanguage("de")).toBe("en");
    expect(i18next.language).toBe("en");
    expect(applyAccountLanguage("de"), "the next account load: the account's language").toBeNull();
  });

  it("a switch while signed in reaches the listener (the shell saves it) and is no pending choice", async () => {
    const heard: string[] = [];
    const stop = onLanguageChosen((language) => heard.push(language));
    await chooseLanguage("en");
    expect(applyAccountLanguage("en"), "nothing pending").toBeNull();
    stop();
    await chooseLanguage("de");
    expect(heard).toEqual(["en"]);
    expect(applyAccountLanguage("en"), "the de choice came after the listener stopped").toBe("de");
  });

  it("a language i18next settles on by itself (start, the account's) is no choice: nobody hears it", async () => {
    const heard: string[] = [];
    const stop = onLanguageChosen((language) => heard.push(language));
    await i18next.changeLanguage("en");
    applyAccountLanguage("de");
    await expect.poll(() => i18next.language).toBe("de");
    stop();
    expect(heard).toEqual([]);
  });

  it("an unknown account language changes nothing", () => {
    expect(applyAccountLanguage("fr")).toBeNull();
    expect(i18next.language).toBe("de");
  });
});
