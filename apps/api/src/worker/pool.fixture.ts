import { serveTasks } from "./serve.ts";

/** The tasks of the worker pool.test.ts starts: echo, wait for a signal, run forever, fill the heap, throw. */
export type FixtureTasks = {
  echo: { input: { text: string }; output: { text: string; thread: "worker" } };
  /** Blocks the worker's thread until the main thread stores 1 at index 0 of `signal`. */
  block: { input: { signal: SharedArrayBuffer }; output: "released" };
  spin: { input: null; output: never };
  fill: { input: null; output: never };
  fail: { input: { code: string }; output: never };
};

serveTasks<FixtureTasks>({
  echo: ({ text }) => ({ text, thread: "worker" }),
  block: ({ signal }) => {
    Atomics.wait(new Int32Array(signal), 0, 0);
    return "released";
  },
  spin: () => {
    for (;;);
  },
  fill: () => {
    const kept: number[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i + kept.length));
  },
  fail: ({ code }) => {
    throw Object.assign(new Error("refused"), { code });
  },
});
