import fastifySwagger from "@fastify/swagger";
import { rolesFor } from "@portal/shared/permissions";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context.ts";
import { sessionCookieName } from "./session.ts";

/** The address of the API's OpenAPI 3.1 document (docs/api.md "The API's description"). */
export const OPENAPI_URL = "/api/openapi.json";

/** The document's outline, as its route answers it (its inside is OpenAPI's own schema). */
const openApiDocument = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({}),
  paths: z.looseObject({}),
});

/**
 * The API's OpenAPI 3.1 document, drawn from the routes as they are declared: each route's zod
 * schemas (params, query, body, answers) and its access declaration (`x-access`: "public", or the
 * permission and the roles that hold it). Nothing is written twice: a route's contract is what the
 * server validates and serializes with. Only /api routes are described (the rest serve the app's
 * files). Registered before any route: the plugin collects them as they are declared.
 */
export async function installApiDocument(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "School portal API",
        version: "1",
        description:
          "Every endpoint of the portal, with its validation and answers. Errors answer " +
          "`{ error: { code, message } }` in the caller's language (Accept-Language or the account's). " +
          "A signed-in call sends the session cookie; a call that changes data comes from the portal's own " +
          "origin (Sec-Fetch-Site or Origin).",
      },
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: sessionCookieName(ctx) } },
      },
    },
    transform: (input) => {
      if (!input.url.startsWith("/api/")) return { schema: { ...input.schema, hide: true }, url: input.url };
      const described = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      const xAccess =
        access === "public" ? "public" : access ? { permission: access, roles: rolesFor(access) } : "none";
      return {
        ...described,
        schema: {
          ...described.schema,
          "x-access": xAccess,
          ...(access && access !== "public" ? { security: [{ session: [] }] } : {}),
        },
      };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

/**
 * GET /api/openapi.json: the document, for the school's IT staff who connect another system to the
 * portal (the Admin: the document names every endpoint, including the staff's).
 */
export function apiDocumentRoutes(app: FastifyInstance): void {
  app.get(OPENAPI_URL, { config: { access: "settingsManage" }, schema: { response: { 200: openApiDocument } } }, () =>
    app.swagger(),
  );
}
