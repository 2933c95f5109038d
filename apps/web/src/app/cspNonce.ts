import { setNonce } from "get-nonce";

/**
 * The page under its Content-Security-Policy (apps/api/src/http/securityHeaders.ts): scripts only from this origin
 * (no inline script, no eval), style elements only with the nonce the server gave this page.
 *
 * index.html carries `<meta property="csp-nonce" nonce="…">`, filled per response by the server (apps/api/src/web.ts).
 * Read through the `nonce` property: browsers hide the attribute's value once the page is parsed. Undefined where no
 * server filled it in (Vite's dev server, tests), where no policy applies either.
 */
let cached: string | undefined | null = null;

export function cspNonce(): string | undefined {
  if (cached !== null) return cached;
  const meta = typeof document === "undefined" ? null : document.querySelector("meta[property=csp-nonce]");
  const value = (meta as HTMLElement | null)?.nonce || meta?.getAttribute("nonce") || "";
  // The server's nonces are base64; the unfilled placeholder (__CSP_NONCE__) is not.
  cached = /^[A-Za-z0-9+/]{16,}={0,2}$/.test(value) ? value : undefined;
  return cached;
}

/**
 * Hands the nonce to the libraries that create <style> elements on their own, before anything renders. Mantine
 * (MantineProvider getStyleNonce, main.tsx) and tiptap (injectNonce, RichTextEditor.tsx) take it as a prop; the
 * scroll lock of Mantine's modals and drawers (react-remove-scroll) reads it from get-nonce. And zod, loaded later:
 * its JIT would probe `new Function` — refused by the policy, which reports it as a violation although zod falls
 * back to its interpreter — so it is switched off through zod's shared config object (what z.config writes), set
 * here because zod itself is not part of the first load.
 */
export function prepareForContentSecurityPolicy(): void {
  const nonce = cspNonce();
  if (nonce) setNonce(nonce);
  const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };
}
