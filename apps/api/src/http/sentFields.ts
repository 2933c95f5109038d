import type { FastifyRequest } from "fastify";

const sent = new WeakMap<FastifyRequest, ReadonlySet<string>>();

/**
 * A route's preValidation hook: remembers the top-level fields the JSON body named, before the body's schema fills
 * in its defaults. An update can then tell a field the request did not send (the stored value stays) from one sent
 * with the default's value — a schema default must never reset a stored value on update (issue 33).
 */
export async function rememberSentFields(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  if (body !== null && typeof body === "object" && !Array.isArray(body))
    sent.set(request, new Set(Object.keys(body)));
}

/** The top-level fields the body named; undefined when the route has no rememberSentFields hook. */
export function sentFields(request: FastifyRequest): ReadonlySet<string> | undefined {
  return sent.get(request);
}
