import {
  defaultLanguage,
  defaultNS,
  isNamespace,
  isSupportedLanguage,
  type Language,
  type Namespace,
  supportedLanguages,
} from "@kontor/i18n/languages";
import { loadNamespace } from "@kontor/i18n/load";
import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";

/** The language the user picked on this device; without one, German (or the account's language, see below). */
export const LANGUAGE_KEY = "kontor.lang";

function storedLanguage(): Language | null {
  const value = window.localStorage.getItem(LANGUAGE_KEY);
  return isSupportedLanguage(value) ? value : null;
}

export function currentLanguage(): Language {
  return isSupportedLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : defaultLanguage;
}

/** A choice made in this tab that the account does not know yet (the sign-in page's switch). */
const CHOSEN_KEY = "kontor.lang.chosen";

/** Who hears an explicit choice (the signed-in shell, which saves it on the account). */
const choiceListeners = new Set<(language: Language) => void>();

/**
 * An explicit choice (language switch): remembered on this device and, once signed in, on the account (the shell
 * listens, see `onLanguageChosen`); made while nobody listens (the sign-in page), it waits in this tab for the
 * account (`applyAccountLanguage`). Only a choice is saved — never the language i18next settles on by itself.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  window.localStorage.setItem(LANGUAGE_KEY, language);
  if (choiceListeners.size > 0) for (const listener of choiceListeners) listener(language);
  else window.sessionStorage.setItem(CHOSEN_KEY, language);
  await i18next.changeLanguage(language);
}

/**
 * At sign-in (the account has loaded): a language chosen on the sign-in page in this tab wins and is returned, to
 * be saved on the account; otherwise the account's language applies (and is remembered on this device). Null when
 * nothing needs saving.
 */
export function applyAccountLanguage(langKey: string): Language | null {
  const chosen = window.sessionStorage.getItem(CHOSEN_KEY);
  window.sessionStorage.removeItem(CHOSEN_KEY);
  if (isSupportedLanguage(chosen) && chosen !== langKey) return chosen;
  if (!isSupportedLanguage(langKey)) return null;
  window.localStorage.setItem(LANGUAGE_KEY, langKey);
  if (langKey !== currentLanguage()) void i18next.changeLanguage(langKey);
  return null;
}

/** Runs `listener` on every explicit choice (the shell saves a switch made while signed in). */
export function onLanguageChosen(listener: (language: Language) => void): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

/**
 * Texts arrive per language and namespace, when a screen needs them (route loaders call `loadTexts`), so the
 * first page load carries only what the login shows. A language switch fetches the namespaces in use first.
 */
const lazyTexts: BackendModule = {
  type: "backend",
  init: () => undefined,
  read: (language, namespace, callback) => {
    if (!isSupportedLanguage(language) || !isNamespace(namespace)) {
      callback(new Error(`no texts for ${language}/${namespace}`), false);
      return;
    }
    loadNamespace(language, namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

let started: Promise<unknown> | undefined;

/** Resolves once i18next runs and the namespaces are there in the current language (route loaders). */
export async function loadTexts(...names: Namespace[]): Promise<void> {
  if (!started) throw new Error("initI18n() must run first");
  await started;
  if (names.length > 0) await i18next.loadNamespaces(names);
}

/**
 * Starts i18next in the stored (or default) language and returns at once: the first screen's route loaders
 * wait for it (loadTexts), so texts and the screen's code download side by side.
 */
export function initI18n(): void {
  i18next.on("languageChanged", (language) => {
    document.documentElement.lang = language;
  });
  started = i18next
    .use(lazyTexts)
    .use(initReactI18next)
    .init({
      lng: storedLanguage() ?? defaultLanguage,
      // Both languages are complete (the parity test of @kontor/i18n): no fallback, so no second download.
      fallbackLng: false,
      supportedLngs: [...supportedLanguages],
      load: "currentOnly",
      ns: [defaultNS],
      defaultNS,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
}
