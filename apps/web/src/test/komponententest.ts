import { type Resources, resources } from "@kontor/i18n";
import { notifications } from "@mantine/notifications";
import { cleanup } from "@testing-library/react";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { vi } from "vitest";
import { session } from "../app/session.ts";

type Namespace = keyof Resources;

/**
 * i18next as the app has it once a screen's namespaces are loaded: the given namespaces, no fallback language (a
 * missing key shows as the key), "common" as default namespace. The DOM stubs Mantine needs are in setup.ts.
 */
export async function initTestI18n(
  ns: readonly Namespace[],
  lng = "de",
  defaultNS: Namespace = "common",
): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: false,
    ns: [...ns],
    defaultNS,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
}

/** After each test of a screen: nothing rendered, no toast, nobody signed in, fetch and other globals real again. */
export function aufraeumen(): void {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
  session.clear();
  vi.unstubAllGlobals();
}
