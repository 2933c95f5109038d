import { TOTAL_COUNT_CAPPED_HEADER } from "@kontor/domain/http/paging";
import type { FastifyReply } from "fastify";
import type { Total } from "../db/paging.ts";

/** A list's total in the response headers: `x-total-count`, and `x-total-count-capped: true` when there are more. */
export function sendTotal(reply: FastifyReply, total: Total): void {
  reply.header("x-total-count", total.totalCount);
  if (total.totalCapped) reply.header(TOTAL_COUNT_CAPPED_HEADER, "true");
}
