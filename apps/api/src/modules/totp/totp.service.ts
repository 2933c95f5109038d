import { and, eq, gt, isNotNull, isNull, lt, or } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { appUser } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { ProblemError } from "../../http/problem.ts";
import { loadQrCode } from "../../lazy.ts";
import { createAttemptCounter } from "../../security/attempts.ts";
import { hashKey, newOneTimeKey } from "../../security/secrets.ts";
import { mailAccountChanges, recordAccountChanges, totpChange } from "../user/user.audit.ts";

const PERIOD = 30;
const ISSUER = "Kontor";
/** Wrong codes per user before the code check is refused for the window (15 minutes). */
const MAX_WRONG_CODES = 5;
const KEY_TTL_MS = 24 * 60 * 60 * 1000;

const totpFor = (secret: string, login: string) =>
  new OTPAuth.TOTP({
    issuer: ISSUER,
    label: login,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/**
 * Two-factor sign-in with TOTP (RFC 6238, 30 s, 6 digits). Secrets are sealed at rest; a code is accepted once
 * (the last accepted time step is stored); wrong codes are counted per user in the database.
 */
export function createTotpService({ db, secrets, mailer }: Pick<Deps, "db" | "secrets" | "mailer">) {
  const wrongCodes = createAttemptCounter(db, 15 * 60);
  const limitKey = (userId: number) => `totp:${userId}`;

  async function loadUser(userId: number) {
    const [row] = await db
      .select({
        login: appUser.login,
        email: appUser.email,
        firstName: appUser.firstName,
        langKey: appUser.langKey,
        totpEnabled: appUser.totpEnabled,
        totpSecret: appUser.totpSecret,
        totpPendingSecret: appUser.totpPendingSecret,
      })
      .from(appUser)
      .where(eq(appUser.id, userId));
    if (!row) throw new ProblemError(404, "error.notFound");
    return row;
  }

  /** Checks a code against a sealed secret and consumes its time step; wrong or replayed codes count. */
  async function consume(userId: number, login: string, sealed: string | null, code: string) {
    await wrongCodes.assertAllowed([{ key: limitKey(userId), max: MAX_WRONG_CODES }]);
    const now = Date.now();
    const delta =
      sealed === null
        ? null
        : totpFor(secrets.open(sealed), login).validate({ token: code, timestamp: now, window: 1 });
    if (delta !== null) {
      const step = Math.floor(now / 1000 / PERIOD) + delta;
      const fresh = await db
        .update(appUser)
        .set({ totpLastStep: step })
        .where(and(eq(appUser.id, userId), or(isNull(appUser.totpLastStep), lt(appUser.totpLastStep, step))))
        .returning({ id: appUser.id });
      if (fresh.length > 0) {
        await wrongCodes.reset([limitKey(userId)]);
        return;
      }
    }
    await wrongCodes.record([limitKey(userId)]);
    throw new ProblemError(400, "error.codeInvalid", undefined, [
      { field: "validationCode", code: "invalid" },
    ]);
  }

  /** Two-factor on or off: the audit log, and a mail to the owner (issue 13). */
  async function logSwitch(userId: number, enabled: boolean, self: boolean) {
    const user = await loadUser(userId);
    const actor = self ? { userId, login: user.login } : null;
    await recordAccountChanges(db, userId, actor, [totpChange(enabled)]);
    await mailAccountChanges(mailer, user, userId, actor, [totpChange(enabled)]);
  }

  return {
    /** A new secret (pending until confirmed by a code) as QR code and base32 text. */
    async barcode(userId: number) {
      const user = await loadUser(userId);
      const secret = new OTPAuth.Secret({ size: 20 });
      await db
        .update(appUser)
        .set({ totpPendingSecret: secrets.seal(secret.base32) })
        .where(eq(appUser.id, userId));
      const uri = totpFor(secret.base32, user.login).toString();
      const png = await (await loadQrCode()).toBuffer(uri, { type: "png", margin: 2, width: 240 });
      return { image: png.toString("base64"), secret: secret.base32 };
    },

    /** POST totp/validate: the first valid code for the pending secret turns two-factor on. */
    async enable(userId: number, code: string) {
      const user = await loadUser(userId);
      await consume(userId, user.login, user.totpPendingSecret, code);
      await db
        .update(appUser)
        .set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpEnabled: true })
        .where(eq(appUser.id, userId));
      await logSwitch(userId, true, true);
    },

    /** The second step of a sign-in, and the check before switching two-factor off. */
    async verify(userId: number, code: string) {
      const user = await loadUser(userId);
      if (!user.totpEnabled) throw new ProblemError(400, "error.codeInvalid");
      await consume(userId, user.login, user.totpSecret, code);
    },

    async disable(userId: number) {
      await db
        .update(appUser)
        .set({ totpEnabled: false, totpSecret: null, totpPendingSecret: null, disable2faKeyHash: null })
        .where(eq(appUser.id, userId));
      await logSwitch(userId, false, true);
    },

    /** Lost device: a mailed one-time link (24 hours) switches two-factor off. */
    async sendDeactivationMail(userId: number) {
      const user = await loadUser(userId);
      if (!user.totpEnabled) return;
      const { key, hash } = newOneTimeKey();
      await db
        .update(appUser)
        .set({ disable2faKeyHash: hash, disable2faDate: new Date() })
        .where(eq(appUser.id, userId));
      await mailer.send({
        kind: "disable2fa",
        to: user.email,
        language: user.langKey,
        name: user.firstName ?? user.login,
        login: user.login,
        linkPath: `/app/disable2fa/${key}`,
      });
    },

    async disableWithKey(key: string) {
      const rows = await db
        .update(appUser)
        .set({ totpEnabled: false, totpSecret: null, totpPendingSecret: null, disable2faKeyHash: null })
        .where(
          and(
            eq(appUser.disable2faKeyHash, hashKey(key)),
            isNotNull(appUser.disable2faDate),
            gt(appUser.disable2faDate, new Date(Date.now() - KEY_TTL_MS)),
          ),
        )
        .returning({ id: appUser.id });
      if (rows.length === 0) throw new ProblemError(400, "error.keyInvalid");
      await logSwitch(rows[0]!.id, false, false);
    },
  };
}
export type TotpService = ReturnType<typeof createTotpService>;
