import { errors, jwtVerify, SignJWT } from "jose";
import { ProblemError } from "../http/problem.ts";

export interface TokenClaims {
  sessionId: string;
  userId: number;
}

const TWO_FACTOR = "2fa";
export const TWO_FACTOR_TTL_SECONDS = 300;

/** Signed bearer tokens (HS256). Each names its session row, which is what makes it revocable. */
export function createTokenService(secret: string) {
  // Imported once: given the raw bytes, jose imports a WebCrypto key on every sign and verify (~7 % of a request's
  // CPU in the issue 20 profile).
  const cryptoKey = crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  return {
    async issue(claims: TokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await cryptoKey);
    },
    /** The short-lived token of a half-finished two-factor sign-in: good only for auth/validate2fa. */
    async issueTwoFactor(userId: number): Promise<string> {
      return new SignJWT({ purpose: TWO_FACTOR })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${TWO_FACTOR_TTL_SECONDS}s`)
        .sign(await cryptoKey);
    },
    async verifyTwoFactor(token: string): Promise<number> {
      try {
        const { payload } = await jwtVerify(token, await cryptoKey, {
          algorithms: ["HS256"],
          requiredClaims: ["exp", "iat", "sub"],
        });
        const userId = Number(payload.sub);
        if (payload.purpose !== TWO_FACTOR || !Number.isSafeInteger(userId)) {
          throw new ProblemError(401, "error.tokenInvalid");
        }
        return userId;
      } catch (error) {
        if (error instanceof ProblemError) throw error;
        if (error instanceof errors.JWTExpired) throw new ProblemError(401, "error.tokenExpired");
        throw new ProblemError(401, "error.tokenInvalid");
      }
    },
    /** An access token: signed here, with exp, iat, a subject and the session id (issue 13: no lifetime-less tokens). */
    async verify(token: string): Promise<TokenClaims> {
      try {
        const { payload } = await jwtVerify(token, await cryptoKey, {
          algorithms: ["HS256"],
          requiredClaims: ["exp", "iat", "sub", "sid"],
        });
        const userId = Number(payload.sub);
        if (
          typeof payload.sid !== "string" ||
          payload.purpose !== undefined ||
          !Number.isSafeInteger(userId)
        ) {
          throw new ProblemError(401, "error.tokenInvalid");
        }
        return { sessionId: payload.sid, userId };
      } catch (error) {
        if (error instanceof ProblemError) throw error;
        if (error instanceof errors.JWTExpired) throw new ProblemError(401, "error.tokenExpired");
        throw new ProblemError(401, "error.tokenInvalid");
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
