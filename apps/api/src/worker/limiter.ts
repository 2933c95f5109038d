import { busyProblem } from "./pool.ts";

/**
 * At most `concurrency` runs of some work at once on this thread's behalf (decoding images with sharp runs on
 * libuv's thread pool, which file access, DNS and crypto share), at most `maxQueued` waiting; one more is 503
 * error.busy with Retry-After.
 */
export class Limiter {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxQueued: number,
    private readonly retryAfterSeconds: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.queue.length >= this.maxQueued) throw busyProblem(this.retryAfterSeconds);
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}
