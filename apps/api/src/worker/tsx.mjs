// A worker thread's start when the server runs from its sources (tests, `npm run dev:api`, the benches): Node does
// not load TypeScript, and a worker does not inherit the parent's `--import tsx` or vitest's transform, so tsx is
// registered in this thread before the entry (workerData.entry, a file URL) is imported. The build (dist/) starts
// its compiled entry directly (apps/api/src/worker/pool.ts, paths.ts `workerEntry`).
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
