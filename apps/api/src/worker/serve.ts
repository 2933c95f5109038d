import { parentPort } from "node:worker_threads";
import type { TaskMap, WorkerAnswer } from "./pool.ts";

export type TaskHandlers<M extends TaskMap> = {
  [K in keyof M]: (input: M[K]["input"]) => M[K]["output"] | Promise<M[K]["output"]>;
};

/**
 * The worker side of pool.ts: answers each task the pool sends with the handler's output, or with the error it
 * threw (name, message and its `code`, which the caller maps to a refusal). One task at a time: the pool sends the
 * next only after the answer.
 */
export function serveTasks<M extends TaskMap>(handlers: TaskHandlers<M>): void {
  const port = parentPort;
  if (!port) throw new Error("serveTasks runs in a worker thread");
  port.on("message", async ({ id, task, input }: { id: number; task: string; input: unknown }) => {
    let answer: WorkerAnswer;
    try {
      const handler = handlers[task as keyof M];
      if (!handler) throw new Error(`unknown task ${task}`);
      answer = { id, output: await handler(input as M[keyof M]["input"]) };
    } catch (error) {
      const e = (error ?? {}) as { name?: unknown; message?: unknown; code?: unknown };
      answer = {
        id,
        error: {
          name: String(e.name ?? "Error"),
          message: String(e.message ?? error),
          ...(typeof e.code === "string" ? { code: e.code } : {}),
        },
      };
    }
    port.postMessage(answer);
  });
}
