import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: the OWASP minimum).
export const hashPassword = (password: string) => hash(password);

/** Hash of a random string, verified when a login does not exist so both cases take the same time. */
const dummyHash = hash(`no-such-user-${Math.random()}`);

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
