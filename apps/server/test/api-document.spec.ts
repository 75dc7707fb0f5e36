import { rolesFor } from "@portal/shared/permissions";
import { validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

// The API's OpenAPI 3.1 document (plugins/api-document.ts), as an integrator reads it.
let t: TestApp;
let document: {
  openapi: string;
  paths: Record<string, Record<string, { "x-access"?: unknown; responses?: Record<string, unknown> }>>;
};
beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedInAs(t, "Admin");
  const response = await call(t, { method: "GET", url: "/api/openapi.json", cookie: admin.cookie });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => t.close());

/** Fastify's `/api/x/:id` as OpenAPI writes it: `/api/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");
const apiRoutes = () => t.routes.filter((route) => route.url.startsWith("/api/"));

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    // The parser throws on the first fault (with its place); it mutates what it is given.
    await expect(validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it("describes every API route, and only those", () => {
    const declared = apiRoutes()
      .map((route) => `${route.method} ${openApiPath(route.url)}`)
      .sort();
    const described = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(described).toEqual(declared);
  });

  it("says who may call each route: public, or the permission and its roles", () => {
    for (const route of apiRoutes()) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const expected =
        route.access === "public" ? "public" : { permission: route.access, roles: rolesFor(route.access as never) };
      expect(operation?.["x-access"], `${route.method} ${route.url}`).toEqual(expected);
    }
  });

  it("describes every JSON answer; files and empty answers are the listed ones", () => {
    // Their answers are files (PDF, CSV, XLSX, ZIP, images, uploads) or nothing: their routes
    // declare no schema to serialize with. A new JSON route without an answer schema fails here.
    const FILES_AND_EMPTY = [
      "DELETE /api/elections/:id/candidacy",
      "DELETE /api/enrollment/files/:fileId",
      "DELETE /api/enrollment/files/:fileId/steps/:step/draft",
      "DELETE /api/settings/election-organizations/:id",
      "DELETE /api/settings/election-positions/:id",
      "DELETE /api/settings/file-templates/:id",
      "GET /api/account/data-export/:id/file",
      "GET /api/audit-events.csv",
      "GET /api/campaigns/:id/export",
      "GET /api/documents/export.zip",
      "GET /api/elections/candidates/:candidateId/photo",
      "GET /api/enrollment/files/:fileId/documents/:document",
      "GET /api/enrollment/files/:fileId/signing/:documentId/final.pdf",
      "GET /api/enrollment/uploads/:id",
      "GET /api/file-templates/:id/download",
      "GET /api/medical-records/pdf",
      "GET /api/photos/:requestId/image",
      "GET /api/reports/authorizedPersons/export",
      "GET /api/reports/committee-contacts/export",
      "GET /api/reports/photos",
      "GET /api/reports/representatives/export",
      "GET /api/reports/students/export",
      "GET /api/requests/:id/uploads/:uploadId",
      "GET /api/requests/:id/uploads/:uploadId/original",
      "GET /api/requests/:requestId/signing/:documentId/final.pdf",
      "GET /api/settings/documents/:documentId/preview.pdf",
      "GET /api/settings/elections/:id/minutes",
      "GET /api/settings/elections/:id/register",
      "GET /api/settings/processing-register/file",
      "GET /api/sync/exports/:id",
      "POST /api/sync/exports",
    ];
    const undescribed = apiRoutes().filter((route) => {
      const responses = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]?.responses ?? {};
      return !Object.values(responses).some((answer) => (answer as { content?: unknown }).content !== undefined);
    });
    expect(undescribed.map((route) => `${route.method} ${route.url}`).sort()).toEqual(FILES_AND_EMPTY);
  });

  it("is the Admin's: a family is refused, a visitor asked to sign in", async () => {
    const family = await signedInAs(t, "User");
    const refused = await call(t, { method: "GET", url: "/api/openapi.json", cookie: family.cookie });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe("FORBIDDEN");
    const anonymous = await call(t, { method: "GET", url: "/api/openapi.json" });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe("UNAUTHENTICATED");
  });
});
