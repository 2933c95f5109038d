import { EINHEIT_CODES, type TEinheitCode } from "@kontor/domain/einheit/einheit.codes";

type Lang = "de" | "en";

const isCode = (code: string): code is TEinheitCode => Object.hasOwn(EINHEIT_CODES, code);

/** The name of a UN/ECE unit code in the language ("" for a code not in the list). */
export function einheitCodeName(code: string, lang: Lang): string {
  return isCode(code) ? EINHEIT_CODES[code][lang] : "";
}

/** "C62 – Stück": a code with its name in the language (the code alone when it is not in the list). */
export function einheitCodeLabel(code: string, lang: Lang): string {
  const name = einheitCodeName(code, lang);
  return name ? `${code} – ${name}` : code;
}

/**
 * The options of the code selection in the domain's order (the usual units first, then the rarer ones), each
 * labelled "code – name"; a Select searching the label finds a unit by code or by name. Codes the tenant already
 * has (`used`) are shown but cannot be chosen: a code is unique in the tenant.
 */
export function einheitCodeOptions(
  lang: Lang,
  used: ReadonlySet<string> = new Set(),
): { value: TEinheitCode; label: string; disabled?: true }[] {
  return (Object.keys(EINHEIT_CODES) as TEinheitCode[]).map((code) => ({
    value: code,
    label: einheitCodeLabel(code, lang),
    ...(used.has(code) ? { disabled: true as const } : {}),
  }));
}
