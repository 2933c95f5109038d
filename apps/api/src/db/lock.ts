import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  file: string;
  release(): void;
}

/**
 * One process per data directory (DESIGN §1): PGlite has no lock of its own and two openers lose writes.
 * The lock file holds the owner's pid; a lock whose process is gone is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "kontor.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(owner) && isAlive(owner)) {
        throw new DataDirLockedError(
          `Data directory ${dataDir} is in use by another Kontor process (pid ${owner}); stop it or choose another DATA_DIR.`,
        );
      }
      unlinkSync(file); // stale lock of a process that no longer runs
    }
  }
  throw new DataDirLockedError(`Data directory ${dataDir} is locked (${file}).`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
