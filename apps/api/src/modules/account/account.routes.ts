import { ZAccount } from "@kontor/domain/auth/auth.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../../deps.ts";
import { ProblemError, responses } from "../../http/problem.ts";
import { findAccount } from "./account.repository.ts";

export const accountRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.get(
    "/account",
    {
      config: { auth: { level: "user" } },
      schema: {
        tags: ["account"],
        summary: "The signed-in user",
        response: responses({ 200: ZAccount }, 401),
      },
    },
    async (request) => {
      const account = await findAccount(db, request.principal!.userId);
      if (!account) throw new ProblemError(404, "error.notFound");
      return account;
    },
  );
};
