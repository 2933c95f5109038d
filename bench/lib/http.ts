import http from "node:http";
import { msSince } from "./stats.ts";

export interface Timed {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Client latency: request written until the whole body is read (ms). */
  ms: number;
}

/** A keep-alive HTTP client for one server: latency is measured without connection setup. */
export function createClient(baseUrl: string, maxSockets = 1) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const url = new URL(baseUrl);
  function request(
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<Timed> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve, reject) => {
      const start = process.hrtime.bigint();
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: {
            accept: "application/json",
            ...(payload ? { "content-type": "application/json" } : {}),
            ...options.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString("utf8"),
              ms: msSince(start),
            }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }
  return { request, close: () => agent.destroy() };
}
export type Client = ReturnType<typeof createClient>;
