/** A session's client as people name it ("Chrome auf Windows"), read from its user agent; null when unknown. */
export interface ClientName {
  browser: string | null;
  os: string | null;
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:HeadlessChrome)\//, "Chrome (headless)"],
  [/\b(?:Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*Safari\//, "Safari"],
  [/\bcurl\//, "curl"],
  [/\bnode(?:-fetch)?\b|\bundici\b/i, "Node.js"],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bWindows\b/, "Windows"],
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function clientName(userAgent: string | null | undefined): ClientName | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const os = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !os) return null;
  return { browser: browser ?? null, os: os ?? null };
}

/** Sessions as listed: this device first, then the most recently used. */
export function sortSessions<T extends { current: boolean; lastUsedAt: string }>(
  sessions: readonly T[],
): T[] {
  return [...sessions].sort((a, b) => {
    if (a.current !== b.current) return a.current ? -1 : 1;
    return b.lastUsedAt.localeCompare(a.lastUsedAt);
  });
}
