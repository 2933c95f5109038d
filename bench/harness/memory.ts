/**
 * The server's memory (DESIGN §9: ≤ 300 MB RSS at 100 concurrent clients): VmRSS and VmHWM (the peak since start)
 * of the server process from /proc/<pid>/status — at rest, and while `clients` keep-alive connections each send
 * requests of a mix one after another for `seconds`, the RSS sampled every 50 ms.
 */
import { createClient } from "../lib/http.ts";
import { createRng } from "../lib/prng.ts";
import { type Summary, summarize } from "../lib/stats.ts";
import { type Session, send } from "./measure.ts";
import type { Variant } from "./scenarios.ts";
import { memoryOf } from "./server.ts";

export interface Hammer {
  clients: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  /** Client latency of the mix under that load (ms). */
  latency: Summary;
  statuses: Record<string, number>;
  firstError?: string;
  rssBefore: number;
  /** The highest VmRSS sampled while the clients ran. */
  rssPeak: number;
  rssAfter: number;
  /** VmHWM after the run: the process's peak since its start (start-up and all measurements included). */
  hwm: number;
}

export async function hammer(
  pid: number,
  session: Session,
  mix: Variant[],
  o: { clients: number; seconds: number; seed: number },
): Promise<Hammer> {
  if (mix.length === 0) throw new Error("memory: no requests to send");
  const http = createClient(session.baseUrl, o.clients);
  const rng = createRng(o.seed);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let firstError: string | undefined;
  const rssBefore = memoryOf(pid).rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, memoryOf(pid).rss);
  }, 50);
  const end = performance.now() + o.seconds * 1000;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: o.clients }, async () => {
        while (performance.now() < end) {
          const v = rng.pick(mix);
          const a = await send(http, session, v);
          latencies.push(a.ms);
          statuses[a.status] = (statuses[a.status] ?? 0) + 1;
          if ((a.status < 200 || a.status > 299) && !firstError)
            firstError = `${v.method} ${v.path}: ${a.status} ${a.body.slice(0, 300)}`;
        }
      }),
    );
  } finally {
    clearInterval(sampler);
    http.close();
  }
  const wall = (performance.now() - started) / 1000;
  const after = memoryOf(pid);
  rssPeak = Math.max(rssPeak, after.rss);
  return {
    clients: o.clients,
    seconds: o.seconds,
    requests: latencies.length,
    requestsPerSecond: latencies.length / wall,
    latency: summarize(latencies),
    statuses,
    ...(firstError ? { firstError } : {}),
    rssBefore,
    rssPeak,
    rssAfter: after.rss,
    hwm: after.hwm,
  };
}
