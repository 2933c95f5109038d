import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { type Language, resources } from "@kontor/i18n";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "../config.ts";
import { ProblemError } from "../http/problem.ts";

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

const interpolate = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => values[key] ?? "");

/** A mail's subject and text in the recipient's language (texts: packages/i18n, namespace "mail"). */
export function renderMail(request: MailRequest, baseUrl: string) {
  const texts = resources[request.language].mail;
  const part = texts[request.kind];
  const values = { ...request.values, name: request.name, login: request.login };
  const text = [
    interpolate(texts.greeting, values),
    "",
    interpolate(part.body, values),
    "",
    ...(request.linkPath ? [`${baseUrl}${request.linkPath}`, ""] : []),
    interpolate(part.ignore, values),
    "",
    texts.signoff,
    "",
  ].join("\n");
  return { subject: interpolate(part.subject, values), text };
}

/**
 * Sends mail over SMTP (SMTP_URL) or, without it, writes each mail as an .eml file into DATA_DIR/outbox, so a
 * single-machine install works without a mail server (an administrator can open the files).
 */
export function createMailer(config: Config, log: FastifyBaseLogger) {
  const outbox = path.join(config.dataDir, "outbox");
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  return {
    outbox: config.smtpUrl ? undefined : outbox,
    async send(request: MailRequest): Promise<void> {
      const { subject, text } = renderMail(request, config.baseUrl);
      try {
        const info = await transport.sendMail({ from: config.mailFrom, to: request.to, subject, text });
        if (!config.smtpUrl) {
          await mkdir(outbox, { recursive: true });
          const file = path.join(
            outbox,
            `${new Date().toISOString().replace(/[:.]/g, "-")}-${request.kind}-${randomBytes(4).toString("hex")}.eml`,
          );
          await writeFile(file, (info as unknown as { message: Buffer }).message);
          log.info({ kind: request.kind, file }, "mail written to the outbox");
        } else {
          log.info({ kind: request.kind, messageId: info.messageId }, "mail sent");
        }
      } catch (error) {
        // The transport's message may quote the recipient: only the kind and the error's code are logged.
        log.error({ kind: request.kind, code: (error as { code?: unknown }).code }, "mail could not be sent");
        throw new ProblemError(503, "error.mailFailed");
      }
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
