import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";

/**
 * The server of the e2e run has no SMTP_URL: every mail is an .eml file in `${KONTOR_E2E_DATA_DIR}/outbox/`
 * (playwright.config.ts hands the data directory down). These helpers read them like a mail client would.
 */
function outboxDir(): string {
  const dataDir = process.env.KONTOR_E2E_DATA_DIR;
  if (!dataDir) throw new Error("KONTOR_E2E_DATA_DIR is not set (run through playwright.config.ts)");
  return path.join(dataDir, "outbox");
}

/** Quoted-printable (RFC 2045) to text: soft line breaks removed, =XX bytes decoded as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

export interface Mail {
  file: string;
  to: string;
  body: string;
}

/** Headers and body of a raw message; the body decoded by its Content-Transfer-Encoding. */
export function parseMail(file: string, raw: string): Mail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const rest = split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers = head.replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(headers)?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const body =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(rest)
      : encoding === "base64"
        ? Buffer.from(rest.replace(/\s+/g, ""), "base64").toString("utf8")
        : rest;
  return { file, to: header("To"), body };
}

/** Every mail to an address in the outbox, newest first. */
export async function mailsTo(address: string): Promise<Array<Mail & { mtime: number }>> {
  const dir = outboxDir();
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  const mails = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const [raw, info] = await Promise.all([readFile(file, "utf8"), stat(file)]);
      return { ...parseMail(file, raw), mtime: info.mtimeMs };
    }),
  );
  return mails
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()))
    .sort((a, b) => b.mtime - a.mtime || b.file.localeCompare(a.file));
}

/**
 * Waits for the newest mail to `address` that links to an app path matching `linkPattern` (e.g. /\/app\/activate\//)
 * and returns that path (with its query), to be opened relative to the test's base URL. `except` skips links
 * already used (an earlier mail of the same kind).
 */
export async function waitForMailLink(
  address: string,
  linkPattern: RegExp,
  options: { timeoutMs?: number; except?: readonly string[] } = {},
): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    for (const mail of await mailsTo(address)) {
      for (const match of mail.body.matchAll(/https?:\/\/[^\s"<>]+/g)) {
        const url = new URL(match[0]);
        const link = `${url.pathname}${url.search}`;
        if (linkPattern.test(link) && !options.except?.includes(link)) return link;
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${address} with a link like ${linkPattern}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
