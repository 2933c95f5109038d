import { afterAll, describe, expect, it } from "vitest";
import { ProblemError } from "../http/problem.ts";
import type { FixtureTasks } from "./pool.fixture.ts";
import { type PoolOptions, WorkerError, WorkerPool } from "./pool.ts";

const options: PoolOptions = {
  entry: "worker/pool.fixture.ts",
  size: 1,
  maxQueued: 2,
  timeoutMs: 60_000,
  resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 },
  idleMs: 60_000,
  maxTasksPerWorker: 100,
  retryAfterSeconds: 3,
};
const pools: WorkerPool<FixtureTasks>[] = [];
const pool = (extra: Partial<PoolOptions> = {}) => {
  const made = new WorkerPool<FixtureTasks>({ ...options, ...extra });
  pools.push(made);
  return made;
};
afterAll(() => Promise.all(pools.map((p) => p.close())));

/** A signal the fixture's `block` task waits for. */
function signal() {
  const buffer = new SharedArrayBuffer(4);
  return {
    buffer,
    release: () => {
      Atomics.store(new Int32Array(buffer), 0, 1);
      Atomics.notify(new Int32Array(buffer), 0);
    },
  };
}

describe("WorkerPool", () => {
  it("runs a task in a worker thread and answers its output", async () => {
    expect(await pool().run("echo", { text: "hallo" })).toEqual({ text: "hallo", thread: "worker" });
  });

  it("a worker that is busy does not hold up the request thread: its work finishes first", async () => {
    const p = pool();
    const order: string[] = [];
    const { buffer, release } = signal();
    const blocked = p.run("block", { signal: buffer }).then((answer) => order.push(`task ${answer}`));
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.resolve().then(() => order.push("request thread"));
    expect(p.load).toEqual({ running: 1, queued: 0, workers: 1 });
    release();
    await blocked;
    expect(order).toEqual(["request thread", "task released"]);
  });

  it("lets maxQueued tasks wait, then answers 503 error.busy with Retry-After; a task may ask for less room", async () => {
    const p = pool();
    const { buffer, release } = signal();
    const running = p.run("block", { signal: buffer });
    const first = p.run("echo", { text: "1" });
    // a public caller: refused while one task waits already
    await expect(p.run("echo", { text: "public" }, { maxQueued: 1 })).rejects.toMatchObject({
      status: 503,
      code: "error.busy",
    });
    const second = p.run("echo", { text: "2" });
    const refused = await p.run("echo", { text: "3" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProblemError);
    expect(refused).toMatchObject({ status: 503, code: "error.busy", headers: { "retry-after": "3" } });
    expect(p.load).toEqual({ running: 1, queued: 2, workers: 1 });
    release();
    expect(await running).toBe("released");
    expect((await first).text).toBe("1");
    expect((await second).text).toBe("2");
  });

  it("ends a worker whose task runs past its time limit; the next task gets a new worker", async () => {
    const p = pool();
    await expect(p.run("spin", null, { timeoutMs: 3_000 })).rejects.toMatchObject({ kind: "timeout" });
    expect(await p.run("echo", { text: "weiter" })).toEqual({ text: "weiter", thread: "worker" });
  });

  it("a task that fills the heap ends its worker at the heap limit, not the process", async () => {
    const p = pool();
    const error = await p.run("fill", null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerError);
    expect(error).toMatchObject({ kind: "crashed", code: "ERR_WORKER_OUT_OF_MEMORY" });
    expect(await p.run("echo", { text: "weiter" })).toEqual({ text: "weiter", thread: "worker" });
  });

  it("a task's own refusal comes back with its code", async () => {
    await expect(pool().run("fail", { code: "pdfEncrypted" })).rejects.toMatchObject({
      kind: "failed",
      code: "pdfEncrypted",
      message: "refused",
    });
  });
});
