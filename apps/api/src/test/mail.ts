import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The decoded text (quoted-printable undone). */
  text: string;
  subject: string;
}

/** Undoes quoted-printable: soft line breaks and =XX bytes (UTF-8). */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? joined.slice(i + 1, i + 3) : "";
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeSubject(raw: string): string {
  const header = raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? "";
  return header
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

/**
 * A real SMTP server in the test process: the API sends to it over SMTP like to any mail server. Recipients
 * matching `options.refuse` are refused at RCPT TO (550), as a server refuses a mailbox it does not know.
 */
export async function startSmtpServer(options: { refuse?: RegExp } = {}) {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.test(address.address)) {
        const error = Object.assign(new Error("5.1.1 Mailbox unknown"), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const headerEnd = raw.search(/\r?\n\r?\n/);
        const body = headerEnd >= 0 ? raw.slice(headerEnd) : "";
        const isQp = /Content-Transfer-Encoding: quoted-printable/i.test(raw);
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: isQp ? decodeQuotedPrintable(body.trim()) : body.trim(),
          subject: decodeSubject(raw),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The newest mail to an address (waits up to 5 s for it). */
    async mailTo(address: string): Promise<ReceivedMail> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = mails.filter((m) => m.to.includes(address.toLowerCase())).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link into the app in a mail, as a path (/app/...). */
export function linkIn(mail: ReceivedMail): string {
  const match = mail.text.match(/https?:\/\/[^\s]+?(\/app\/[^\s]+)/);
  if (!match) throw new Error(`no link in mail:\n${mail.text}`);
  return match[1]!;
}

/** One leaf part of a MIME message: its headers (names lower-case, folded lines joined) and decoded body. */
export interface MimePart {
  headers: Record<string, string>;
  body: Buffer;
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? "" : raw.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** The leaf parts of a raw message, multiparts opened recursively, bodies decoded (base64, quoted-printable). */
export function mimeParts(raw: string): MimePart[] {
  const { headers, body } = splitHead(raw);
  const boundary = /multipart\/[^;]+;.*boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    return sections
      .filter((section) => !section.startsWith("--"))
      .flatMap((section) => mimeParts(section.replace(/^\r?\n/, "")));
  }
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  const decoded =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? Buffer.from(decodeQuotedPrintable(body.replace(/\r?\n$/, "")), "utf8")
        : Buffer.from(body.replace(/\r?\n$/, ""), "utf8");
  return [{ headers, body: decoded }];
}

/** A header of the message itself (folded lines joined; encoded words left as they are). */
export function headerOf(raw: string, name: string): string {
  return splitHead(raw).headers[name.toLowerCase()] ?? "";
}
