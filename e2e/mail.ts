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

/** One leaf part of a MIME message: its headers (names lower-case) and its decoded bytes. */
export interface MailPart {
  headers: Record<string, string>;
  content: Buffer;
}

export interface Mail {
  file: string;
  to: string;
  /** The subject, encoded words (RFC 2047) decoded. */
  subject: string;
  body: string;
  /** The leaf parts (text, HTML, attachments) of a multipart message; the message itself otherwise. */
  parts: MailPart[];
}

/** Header lines (folded lines joined, names lower-case) and the rest of a message or part. */
function splitHead(raw: string): { headers: Record<string, string>; rest: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const rest = split === -1 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return { headers, rest };
}

/** A body by its Content-Transfer-Encoding, as bytes. */
function decodeBody(rest: string, encoding: string): Buffer {
  if (encoding === "base64") return Buffer.from(rest.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") return Buffer.from(decodeQuotedPrintable(rest), "utf8");
  return Buffer.from(rest, "utf8");
}

/** The leaf parts of a message, multiparts opened recursively. */
function partsOf(raw: string): MailPart[] {
  const { headers, rest } = splitHead(raw);
  const boundary = /multipart\/[^;]+;.*boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (!boundary) {
    const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
    return [{ headers, content: decodeBody(rest.replace(/\r?\n$/, ""), encoding) }];
  }
  return rest
    .split(`--${boundary}`)
    .slice(1)
    .filter((section) => !section.startsWith("--"))
    .flatMap((section) => partsOf(section.replace(/^\r?\n/, "")));
}

/** Encoded words of a header (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) decoded; the space between two of them dropped. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

/** Headers and body of a raw message; the body decoded by its Content-Transfer-Encoding. */
export function parseMail(file: string, raw: string): Mail {
  const { headers, rest } = splitHead(raw);
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  return {
    file,
    to: headers.to ?? "",
    subject: decodeHeader(headers.subject ?? ""),
    body: decodeBody(rest, encoding).toString("utf8"),
    parts: partsOf(raw),
  };
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
