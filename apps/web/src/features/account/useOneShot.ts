import { useEffect, useState } from "react";

const started = new Map<string, Promise<unknown>>();

/**
 * Runs `call` once per `id` for the page's life, however often the component mounts (StrictMode mounts twice):
 * for links that can be used only once (activation, switching two-factor off), a second call would fail.
 */
export function runOnce<T>(id: string, call: () => Promise<T>): Promise<T> {
  let running = started.get(id) as Promise<T> | undefined;
  if (!running) {
    running = call();
    started.set(id, running);
  }
  return running;
}

export type OneShotState = { kind: "pending" } | { kind: "done" } | { kind: "failed"; error: unknown };

/** The state of a runOnce call started when the component mounts. */
export function useOneShot(id: string, call: () => Promise<unknown>): OneShotState {
  const [state, setState] = useState<OneShotState>({ kind: "pending" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the call belongs to its id
  useEffect(() => {
    let current = true;
    runOnce(id, call).then(
      () => current && setState({ kind: "done" }),
      (error: unknown) => current && setState({ kind: "failed", error }),
    );
    return () => {
      current = false;
    };
  }, [id]);
  return state;
}
