import { pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";
import { ProblemError } from "../http/problem.ts";
import { fromSources, tsxWorkerStart, workerEntry } from "../paths.ts";

/**
 * Work that must not run on the request thread — rendering PDFs, opening uploaded PDFs — runs in a small pool of
 * worker threads (node:worker_threads). The request thread only waits: a long render does not hold up other
 * requests, a worker's heap is limited (a task that exceeds it ends the worker, not the process), a task has a time
 * limit (its worker is ended), and at most `size` tasks run at once while at most `maxQueued` wait — one more is
 * answered 503 error.busy with Retry-After, so a flood of expensive requests cannot pile up without bound.
 * Workers start on first use, exit after `idleMs` without work and are replaced after `maxTasksPerWorker` tasks
 * (what a library keeps per thread — pdf-lib's name pool — stays bounded). The worker side is serve.ts.
 */

/** A pool's tasks: task name → input and output (both structured-cloneable). */
export type TaskMap = Record<string, { input: unknown; output: unknown }>;

export interface PoolOptions {
  /** The worker's entry below src/ (paths.ts `workerEntry`; the build has it as an entry point of its own). */
  entry: string;
  /** Workers at most; each runs one task at a time. */
  size: number;
  /** Tasks that may wait for a worker; one more is 503 error.busy. */
  maxQueued: number;
  /** A task running longer ends its worker (WorkerError "timeout"). */
  timeoutMs: number;
  /** Heap and stack limits of each worker; a task beyond them ends it (WorkerError "crashed"). */
  resourceLimits: ResourceLimits;
  /** A worker idle this long exits (its memory is returned); the next task starts a new one. */
  idleMs: number;
  /** A worker that ran this many tasks is replaced. */
  maxTasksPerWorker: number;
  /** Retry-After of the 503, in seconds. */
  retryAfterSeconds: number;
}

export interface RunOptions {
  /** A lower queue limit for this task: callers of a public route get less room, so a flood of them leaves some. */
  maxQueued?: number;
  /** Another time limit for this task. */
  timeoutMs?: number;
}

/** 503 error.busy with Retry-After: the server does as much of this work at once as it may; try again shortly. */
export const busyProblem = (retryAfterSeconds: number) =>
  new ProblemError(
    503,
    "error.busy",
    "The server is busy with work of this kind; try again shortly.",
    undefined,
    {
      "retry-after": String(retryAfterSeconds),
    },
  );

/** A task that did not give its output: it ran too long, its worker died (memory limit), or it threw. */
export class WorkerError extends Error {
  constructor(
    readonly kind: "timeout" | "crashed" | "failed",
    message: string,
    /** The thrown error's `code` (a task's own refusal, e.g. "pdfEncrypted"). */
    readonly code?: string,
  ) {
    super(message);
    this.name = "WorkerError";
  }
}

/** What a worker answers (serve.ts). */
export type WorkerAnswer =
  | { id: number; output: unknown }
  | { id: number; error: { name: string; message: string; code?: string } };

interface Job {
  id: number;
  task: string;
  input: unknown;
  timeoutMs: number;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  tasks: number;
  job?: Job;
  timer?: NodeJS.Timeout;
}

export class WorkerPool<M extends TaskMap> {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;

  constructor(private readonly options: PoolOptions) {}

  /** Runs `task` in a worker; 503 error.busy (a ProblemError) when every worker is busy and the queue is full. */
  run<K extends keyof M & string>(
    task: K,
    input: M[K]["input"],
    options: RunOptions = {},
  ): Promise<M[K]["output"]> {
    return new Promise((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        task,
        input,
        timeoutMs: options.timeoutMs ?? this.options.timeoutMs,
        resolve: resolve as (output: unknown) => void,
        reject,
      };
      const idle = [...this.slots].find((slot) => !slot.job);
      if (idle) return this.start(idle, job);
      if (this.slots.size < this.options.size) return this.start(this.spawn(), job);
      if (this.queue.length >= Math.min(options.maxQueued ?? Infinity, this.options.maxQueued))
        return reject(this.busy());
      this.queue.push(job);
    });
  }

  /** Tasks running and waiting (for tests and the bench). */
  get load(): { running: number; queued: number; workers: number } {
    const running = [...this.slots].filter((slot) => slot.job).length;
    return { running, queued: this.queue.length, workers: this.slots.size };
  }

  /** Ends every worker; running and waiting tasks fail. */
  async close(): Promise<void> {
    const closed = new WorkerError("crashed", "the pool was closed");
    for (const job of this.queue.splice(0)) job.reject(closed);
    await Promise.all([...this.slots].map((slot) => this.end(slot, closed)));
  }

  private busy() {
    return busyProblem(this.options.retryAfterSeconds);
  }

  private spawn(): Slot {
    const entry = workerEntry(this.options.entry);
    const { resourceLimits } = this.options;
    const worker = fromSources
      ? new Worker(tsxWorkerStart, { workerData: { entry: pathToFileURL(entry).href }, resourceLimits })
      : new Worker(entry, { resourceLimits });
    const slot: Slot = { worker, tasks: 0 };
    worker.on("message", (answer: WorkerAnswer) => this.answered(slot, answer));
    worker.on("error", (error: Error & { code?: string }) => {
      void this.end(slot, new WorkerError("crashed", error.message, error.code));
    });
    worker.on("exit", (code) => {
      void this.end(slot, new WorkerError("crashed", `the worker exited with code ${code}`));
    });
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, job: Job) {
    clearTimeout(slot.timer);
    slot.job = job;
    slot.tasks++;
    slot.worker.ref(); // a caller awaiting the task keeps the process alive
    slot.timer = setTimeout(() => {
      void this.end(slot, new WorkerError("timeout", `${job.task} ran longer than ${job.timeoutMs} ms`));
    }, job.timeoutMs);
    try {
      slot.worker.postMessage({ id: job.id, task: job.task, input: job.input });
    } catch (error) {
      // An input that cannot be cloned: the task fails, the worker is fine.
      clearTimeout(slot.timer);
      slot.job = undefined;
      job.reject(error);
      this.release(slot);
    }
  }

  private answered(slot: Slot, answer: WorkerAnswer) {
    const job = slot.job;
    if (!job || answer.id !== job.id) return; // an answer after the task's time ran out
    clearTimeout(slot.timer);
    slot.job = undefined;
    if ("error" in answer) job.reject(new WorkerError("failed", answer.error.message, answer.error.code));
    else job.resolve(answer.output);
    this.release(slot);
  }

  /** A worker whose task is done: the next waiting task, or rest (exit after idleMs), or replaced. */
  private release(slot: Slot) {
    if (slot.tasks >= this.options.maxTasksPerWorker) {
      void this.end(slot);
      return;
    }
    const next = this.queue.shift();
    if (next) return this.start(slot, next);
    slot.worker.unref(); // an idle worker does not keep the process alive
    slot.timer = setTimeout(() => void this.end(slot), this.options.idleMs);
    slot.timer.unref();
  }

  /** Ends a worker (once): its task, if any, fails with `error`; waiting tasks get new workers. */
  private async end(slot: Slot, error?: WorkerError) {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = undefined;
    if (job) job.reject(error ?? new WorkerError("crashed", "the worker ended"));
    while (this.queue.length > 0 && this.slots.size < this.options.size)
      this.start(this.spawn(), this.queue.shift()!);
    await slot.worker.terminate();
  }
}
