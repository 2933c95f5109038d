import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

/** A random one-time key for a mailed link, and the hash that is stored instead of the key. */
export function newOneTimeKey(): { key: string; hash: string } {
  const key = randomBytes(24).toString("base64url");
  return { key, hash: hashKey(key) };
}

export const hashKey = (key: string) => createHash("sha256").update(key).digest("base64url");

/**
 * Encryption at rest for small secrets (TOTP): AES-256-GCM with a key derived from the token secret (HKDF), so a
 * database dump alone does not reveal them. Format: base64url(iv | tag | ciphertext).
 */
export function createSecretBox(tokenSecret: string) {
  const key = Buffer.from(hkdfSync("sha256", tokenSecret, "kontor", "secret-box-v1", 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    open(sealed: string): string {
      const raw = Buffer.from(sealed, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
