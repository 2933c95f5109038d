import path from "node:path";

/**
 * Folders the server reads at run time, for the sources (tsx: this file is apps/api/src/paths.ts) and for the
 * production build alike (npm run build:api bundles everything into apps/api/dist/server.js, where every module's
 * import.meta.dirname is apps/api/dist). Both lie one level below apps/api — keep this file at the top of src/, and
 * resolve run-time files from these constants, never from a module's own import.meta.dirname.
 */
export const apiDir = path.resolve(import.meta.dirname, "..");
export const repoRoot = path.resolve(apiDir, "../..");
/** The committed SQL migrations: read from the sources by both (they are data, not code). */
export const migrationsDir = path.join(apiDir, "src/db/migrations");

/** Whether the server runs from its sources (tsx: tests, dev, benches) or from the build (dist/). */
export const fromSources = import.meta.url.endsWith(".ts");

/**
 * The file a worker thread starts with, given as its source below src/ (e.g. "modules/belegausgabe/pdf.worker.ts"):
 * that source, or its build `dist/<name>.js` (an entry point of its own in apps/api/scripts/build.mjs).
 */
export function workerEntry(source: string): string {
  return fromSources
    ? path.join(apiDir, "src", source)
    : path.join(apiDir, "dist", `${path.basename(source, ".ts")}.js`);
}

/** Starts a TypeScript worker entry through tsx (sources only; src/worker/tsx.mjs). */
export const tsxWorkerStart = path.join(apiDir, "src/worker/tsx.mjs");
