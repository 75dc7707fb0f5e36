import { completeFile } from "./enrollment.ts";
import { call, signedInAs, type TestApp, uniqueEmail } from "./test-app.ts";

export async function setRepresentativeEmail(
  app: TestApp,
  cookie: string,
  fileId: number,
  step: "firstRepresentative" | "secondRepresentative",
  email: string,
) {
  const url = `/api/enrollment/files/${fileId}/steps/${step}`;
  const current = (await call(app, { method: "GET", url, cookie })).json().data as Record<string, unknown>;
  const saved = await call(app, {
    method: "PUT",
    url,
    cookie,
    payload: { ...current, email, emailConfirmation: email },
  });
  if (saved.statusCode !== 200) throw new Error(`${step}: ${saved.statusCode} ${saved.body}`);
}

/** A family with a complete file, sent; representatives' e-mails unique to this file unless given. */
export async function sentFile(
  app: TestApp,
  opts: { language?: string; rep1Email?: string; rep2Email?: string; role?: "User" | "Prueba" } = {},
): Promise<{ family: Awaited<ReturnType<typeof signedInAs>>; fileId: number; code: string }> {
  const family = await signedInAs(app, opts.role ?? "User", { language: opts.language ?? "es" });
  const fileId = await completeFile(app, family.cookie);
  await setRepresentativeEmail(
    app,
    family.cookie,
    fileId,
    "firstRepresentative",
    opts.rep1Email ?? uniqueEmail("rep1"),
  );
  await setRepresentativeEmail(
    app,
    family.cookie,
    fileId,
    "secondRepresentative",
    opts.rep2Email ?? uniqueEmail("rep2"),
  );
  const sent = await call(app, { method: "POST", url: `/api/enrollment/files/${fileId}/send`, cookie: family.cookie });
  if (sent.statusCode !== 200) throw new Error(`send: ${sent.statusCode} ${sent.body}`);
  return { family, fileId, code: sent.json().request.code as string };
}
