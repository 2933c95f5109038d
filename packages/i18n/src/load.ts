import type { Language, Namespace } from "./languages.ts";

/**
 * One namespace of one language, fetched on demand: a bundler turns every import() below into its own small
 * chunk, so a screen downloads only the texts it shows, in the language it shows them in.
 * (The same JSON files as `resources` of index.ts; the parity test checks both ways agree.)
 *
 * The first page (login) and the shell need only a few namespaces: their loaders are here, in the entry; the
 * loaders of every area's texts are a chunk of their own (loadBereiche.ts), fetched with the first area text — the
 * entry stays small (the login's budget, DESIGN §9) however many areas come.
 */
type Loader = () => Promise<{ default: unknown }>;
export type KernNamespace = "common" | "shell" | "menu" | "login" | "home" | "errors" | "validation" | "crud";

const kern: Record<Language, Record<KernNamespace, Loader>> = {
  de: {
    common: () => import("../locales/de/common.json"),
    shell: () => import("../locales/de/shell.json"),
    menu: () => import("../locales/de/menu.json"),
    login: () => import("../locales/de/login.json"),
    home: () => import("../locales/de/home.json"),
    errors: () => import("../locales/de/errors.json"),
    validation: () => import("../locales/de/validation.json"),
    crud: () => import("../locales/de/crud.json"),
  },
  en: {
    common: () => import("../locales/en/common.json"),
    shell: () => import("../locales/en/shell.json"),
    menu: () => import("../locales/en/menu.json"),
    login: () => import("../locales/en/login.json"),
    home: () => import("../locales/en/home.json"),
    errors: () => import("../locales/en/errors.json"),
    validation: () => import("../locales/en/validation.json"),
    crud: () => import("../locales/en/crud.json"),
  },
};

export async function loadNamespace(
  language: Language,
  namespace: Namespace,
): Promise<Record<string, unknown>> {
  const loader =
    namespace in kern[language]
      ? kern[language][namespace as KernNamespace]
      : (await import("./loadBereiche.ts")).bereiche[language][
          namespace as Exclude<Namespace, KernNamespace>
        ];
  const module = await loader();
  return module.default as Record<string, unknown>;
}
