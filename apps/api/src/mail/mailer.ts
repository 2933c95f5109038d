import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { TProblemCode } from "@kontor/domain/http/problem.schema";
import { einsetzen } from "@kontor/domain/text/einsetzen";
import { type Language, resources } from "@kontor/i18n";
import type { FastifyBaseLogger } from "fastify";
import type { SendMailOptions } from "nodemailer";
import type { Config } from "../config.ts";
import { ProblemError } from "../http/problem.ts";
import { lazy, loadNodemailer } from "../lazy.ts";

export type MailKind =
  | "activation"
  | "reset"
  | "created"
  | "disable2fa"
  | "resetNoAccount"
  | "registerEmailTaken"
  | "registerLoginTaken"
  | "loginBlocked"
  | "accountChanged"
  | "invitation"
  | "invitationNewAccount";

export interface MailRequest {
  kind: MailKind;
  to: string;
  language: Language;
  /** Shown in the greeting: the user's name or login. */
  name: string;
  login: string;
  /** The path under the base URL the mail links to, e.g. /app/activate/<key>; none for a mail without a link. */
  linkPath?: string;
  /** Further values the kind's text names ({{mandant}}, {{changes}}, ...). */
  values?: Record<string, string>;
}

/** A mail's subject and text in the recipient's language (texts: packages/i18n, namespace "mail"). */
export function renderMail(request: MailRequest, baseUrl: string) {
  const texts = resources[request.language].mail;
  const part = texts[request.kind];
  const values = { ...request.values, name: request.name, login: request.login };
  const text = [
    einsetzen(texts.greeting, values),
    "",
    einsetzen(part.body, values),
    "",
    ...(request.linkPath ? [`${baseUrl}${request.linkPath}`, ""] : []),
    einsetzen(part.ignore, values),
    "",
    texts.signoff,
    "",
  ].join("\n");
  return { subject: einsetzen(part.subject, values), text };
}

/** A file sent along with a composed message. */
export interface MailAnhang {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

/**
 * A message a module composed itself (a document by mail, issue 16), sent as it is: recipients, reply-to, subject,
 * plain text and optionally an HTML version, attachments. The sender's address is MAIL_FROM's; `fromName` only
 * changes the name shown with it (the tenant's).
 */
export interface MailNachricht {
  /** What it is, for the log line and the outbox file name — never addresses or content. */
  kind: string;
  fromName?: string;
  to: readonly string[];
  cc?: readonly string[];
  bcc?: readonly string[];
  replyTo?: string;
  subject: string;
  text: string;
  /** The same message as HTML (e.g. with a rich-text signature); `data:` images become inline attachments. */
  html?: string;
  attachments?: readonly MailAnhang[];
}

/**
 * A composed message that could not be sent, with its reason as a problem code the web translates:
 * 503 error.mailServerUnreachable (no connection, timeout), 502 error.mailRecipientRejected (every recipient refused;
 * `rejected` names them), 502 error.mailRejected (the server refused sign-in or the message), 503 error.mailFailed.
 */
export class MailSendError extends ProblemError {
  constructor(
    status: number,
    code: TProblemCode,
    readonly rejected: readonly string[] = [],
  ) {
    super(status, code);
  }
}

/** Socket-level failures: the server could not be reached or went away. */
const UNREACHABLE = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
/** The server answered, but refused: sign-in, TLS, the protocol, the message. */
const REFUSED = new Set(["EAUTH", "ENOAUTH", "ETLS", "EPROTOCOL", "EMESSAGE", "EENVELOPE"]);

type TransportError = { code?: unknown; responseCode?: unknown; command?: unknown; rejected?: unknown };

/** The reason of a failed send as a problem (nodemailer's error codes; the message itself is never used). */
export function sendFailure(error: unknown): MailSendError {
  const e = (error ?? {}) as TransportError;
  const code = typeof e.code === "string" ? e.code : undefined;
  const rejected = Array.isArray(e.rejected) ? e.rejected.filter((r) => typeof r === "string") : [];
  if (code === "EENVELOPE" && rejected.length > 0)
    return new MailSendError(502, "error.mailRecipientRejected", rejected);
  if (code !== undefined && UNREACHABLE.has(code))
    return new MailSendError(503, "error.mailServerUnreachable");
  if ((code !== undefined && REFUSED.has(code)) || typeof e.responseCode === "number")
    return new MailSendError(502, "error.mailRejected");
  return new MailSendError(503, "error.mailFailed");
}

/** The address of MAIL_FROM ("Kontor <noreply@kontor.local>" → noreply@kontor.local). */
const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();

/** Timeouts of the SMTP connection: a request waits for the send, so a dead server must not hold it for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * Sends mail over SMTP (SMTP_URL) or, without it, writes each mail as an .eml file into DATA_DIR/outbox, so a
 * single-machine install works without a mail server (an administrator can open the files). One transport serves
 * the account mails (`send`, texts of the "mail" namespace) and composed messages (`sendMessage`).
 */
export function createMailer(config: Config, log: FastifyBaseLogger) {
  const outbox = path.join(config.dataDir, "outbox");
  // Made with the first mail (nodemailer is loaded on first use). Options of the URL (?connectionTimeout=…) win
  // over these defaults.
  const transport = lazy(async () => {
    const nodemailer = await loadNodemailer();
    return config.smtpUrl
      ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  });

  /** Hands a message to the transport; without SMTP, writes it to the outbox. Answers the refused recipients. */
  async function deliver(kind: string, message: SendMailOptions): Promise<string[]> {
    // SMTP answers messageId and the refused recipients; the stream transport the message (buffer: true).
    const info = (await (await transport()).sendMail(message)) as {
      messageId?: string;
      rejected?: Array<string | { address: string }>;
      message?: Buffer;
    };
    if (!config.smtpUrl) {
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${kind}-${randomBytes(4).toString("hex")}.eml`,
      );
      await writeFile(file, info.message ?? "");
      log.info({ kind, file }, "mail written to the outbox");
      return [];
    }
    const rejected = (info.rejected ?? []).map((address) =>
      typeof address === "string" ? address : address.address,
    );
    log.info({ kind, messageId: info.messageId, rejected: rejected.length }, "mail sent");
    return rejected;
  }

  return {
    outbox: config.smtpUrl ? undefined : outbox,
    async send(request: MailRequest): Promise<void> {
      const { subject, text } = renderMail(request, config.baseUrl);
      try {
        await deliver(request.kind, { from: config.mailFrom, to: request.to, subject, text });
      } catch (error) {
        // The transport's message may quote the recipient: only the kind and the error's code are logged.
        log.error({ kind: request.kind, code: (error as { code?: unknown }).code }, "mail could not be sent");
        throw new ProblemError(503, "error.mailFailed");
      }
    },

    /**
     * Sends a composed message. Resolves with the recipients the server refused while it accepted others (the
     * message went to those); rejects with a MailSendError when nothing was sent. Logs the kind, counts and error
     * codes only — never addresses, subject or content.
     */
    async sendMessage(message: MailNachricht): Promise<{ rejected: string[] }> {
      const address = addressOf(config.mailFrom);
      try {
        const rejected = await deliver(message.kind, {
          from: message.fromName ? { name: message.fromName, address } : config.mailFrom,
          to: [...message.to],
          ...(message.cc?.length ? { cc: [...message.cc] } : {}),
          ...(message.bcc?.length ? { bcc: [...message.bcc] } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html, attachDataUrls: true } : {}),
          attachments: (message.attachments ?? []).map((a) => ({
            filename: a.filename,
            content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
            contentType: a.contentType,
          })),
        });
        return { rejected };
      } catch (error) {
        const failure = sendFailure(error);
        const e = error as TransportError;
        log.error(
          {
            kind: message.kind,
            code: typeof e.code === "string" ? e.code : undefined,
            command: typeof e.command === "string" ? e.command.split(" ")[0] : undefined,
            responseCode: typeof e.responseCode === "number" ? e.responseCode : undefined,
            problem: failure.code,
          },
          "mail could not be sent",
        );
        throw failure;
      }
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
