import { expect } from "vitest";
import { startFile } from "./enrollment.ts";
import { call, signedInAs, type TestApp } from "./test-app.ts";

/**
 * What the upload specs send files to: a family's draft file (the family in `familyLanguage`) and a
 * template the Admin created, with the cookies allowed to upload to each.
 */
export async function uploadTargets(t: TestApp, familyLanguage: string) {
  const family = await signedInAs(t, "User", { language: familyLanguage });
  const admin = await signedInAs(t, "Admin", { language: "en" });
  const fileId = (await startFile(t, family.cookie)).json().id as number;
  const template = await call(t, {
    method: "POST",
    url: "/api/settings/file-templates",
    cookie: admin.cookie,
    payload: { step: "exitAuthorization", titleEs: "Autorización", titleEn: "Authorization", titleFr: "Autorisation" },
  });
  expect(template.statusCode, template.body).toBe(201);
  return { family, admin, fileId, templateId: template.json().id as number };
}
