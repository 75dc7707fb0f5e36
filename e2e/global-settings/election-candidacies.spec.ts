import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { logIn } from "../support/session.ts";
import { runTag } from "../support/wizard.ts";

// Candidacies from families (docs/elections.md "Candidacies from families"), in the browser: a
// family declares itself candidate on a list of an upcoming election before the deadline, the Admin
// approves it on Lists and candidates, the family is then on the list; once the deadline has
// passed, another family finds the form closed. The election is set up through the Admin's API
// (the settings screens have their own spec, elections.spec.ts). In global-settings: it schedules
// a school-wide election every family sees.
test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

/** The Admin's API from the signed-in page (same origin, the CSRF check's Origin header). */
async function api(page: Page, method: "get" | "post" | "put", path: string, data?: unknown) {
  const answer = await page.request[method](path, { data, headers: { origin: new URL(page.url()).origin } });
  expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true);
  return answer.json();
}

async function asSpanish(page: Page): Promise<void> {
  await api(page, "put", "/api/session/language", { language: "es" });
}

test("a family declares a candidacy, the Admin approves it, it is on the list; after the deadline the form is closed", async ({
  browser,
}) => {
  const tag = runTag("CA");
  const title = `Consejo de escuela ${tag}`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, "admin@demo.local");
  await expect(admin).toHaveURL(/\/portal\/dashboard$/);

  // An upcoming election with one list of two families, through the API.
  const years = await api(admin, "get", "/api/school-years");
  const yearId = years.find((year: { isCurrent: boolean }) => year.isCurrent).id;
  const body = {
    titleEs: title,
    titleEn: `School council ${tag}`,
    titleFr: `Conseil d'école ${tag}`,
    body: "Conseil d'école",
    seats: 2,
    schoolYearId: yearId,
    candidacyDeadline: hours(24),
    opensAt: hours(48),
    closesAt: hours(56),
  };
  const election = await api(admin, "post", "/api/settings/elections", body);
  const organization = await api(admin, "post", "/api/settings/election-organizations", { name: `Padres ${tag}` });
  const listName = `Lista ${tag}`;
  const withList = await api(admin, "post", `/api/settings/elections/${election.id}/lists`, {
    organizationId: organization.id,
    name: listName,
  });
  const listId = withList.lists[0].id;
  const eligible: { userId: number; name: string; email: string }[] = (
    await api(admin, "get", `/api/settings/elections/${election.id}/eligible`)
  ).items;
  const demo = eligible.filter((person) => person.email.endsWith("@demo.local"));
  const [first, second, stander, late] = demo;
  if (!first || !second || !stander || !late) throw new Error("fewer than four demo families on the register");
  await api(admin, "put", `/api/settings/election-lists/${listId}/candidates`, {
    candidates: [{ userId: first.userId }, { userId: second.userId }],
  });
  const scheduled = await api(admin, "post", `/api/settings/elections/${election.id}/schedule`, {
    version: (await api(admin, "get", "/api/settings/elections")).items.find(
      (e: { id: number }) => e.id === election.id,
    ).version,
  });

  // The family declares its candidacy on the list from the upcoming election's page.
  const familyContext = await browser.newContext();
  const family = await familyContext.newPage();
  await logIn(family, stander.email);
  await asSpanish(family);
  await family.goto("/portal/elecciones/proximamente");
  const card = family.getByRole("region", { name: title });
  const candidacy = card.getByRole("region", { name: "Presentarse como candidato" });
  await expect(candidacy).toBeVisible();
  await candidacy.getByLabel("Su candidatura").selectOption({ label: listName });
  await candidacy.getByLabel("Su presentación (opcional)").fill("Quiero ayudar a la escuela");
  await expectNoSeriousViolations(family, "elections upcoming: the candidacy form");
  await candidacy.getByRole("button", { name: "Presentar mi candidatura" }).click();
  await expect(candidacy.getByText(`Su candidatura en «${listName}» espera la revisión de la escuela.`)).toBeVisible();

  // The Admin approves it on Lists and candidates.
  await admin.goto(`/portal/dashboards/settings/organizations-associate?election=${election.id}`);
  const review = admin.getByRole("region", { name: "Candidaturas de las familias" });
  const pending = review.getByRole("article", { name: stander.name });
  await expect(pending.getByText("Pendiente", { exact: true })).toBeVisible();
  await expect(pending.getByText("Quiero ayudar a la escuela")).toBeVisible();
  await expectNoSeriousViolations(admin, "settings: lists and candidates with a candidacy");
  await pending.getByRole("button", { name: `Aprobar la candidatura de ${stander.name}` }).click();
  await expect(pending.getByText("Aprobada", { exact: true })).toBeVisible();
  const list = admin.getByRole("region", { name: listName });
  await expect(list.locator("ol > li").nth(2)).toContainText(stander.name);

  // The family sees it approved and itself on the list, third.
  await family.reload();
  await expect(candidacy.getByText(`Su candidatura en «${listName}» fue aprobada: está en la lista.`)).toBeVisible();
  const onBallot = card.getByRole("listitem").filter({ hasText: stander.name });
  await expect(onBallot).toBeVisible();

  // The deadline passes (moved to the past while the poll has not opened): another family finds
  // the form closed, and the server refuses a candidacy sent anyway.
  await api(admin, "put", `/api/settings/elections/${election.id}`, {
    ...body,
    candidacyDeadline: hours(-1),
    version: (await api(admin, "get", "/api/settings/elections")).items.find(
      (e: { id: number }) => e.id === election.id,
    ).version,
  });
  expect(scheduled.status).toBe("scheduled");
  const lateContext = await browser.newContext();
  const other = await lateContext.newPage();
  await logIn(other, late.email);
  await asSpanish(other);
  await other.goto("/portal/elecciones/proximamente");
  const closed = other.getByRole("region", { name: title }).getByRole("region", { name: "Presentarse como candidato" });
  await expect(closed.getByText(/^Las candidaturas se cerraron el /)).toBeVisible();
  await expect(closed.getByLabel("Su candidatura")).toHaveCount(0);
  await expect(closed.getByRole("button", { name: "Presentar mi candidatura" })).toHaveCount(0);
  const refused = await other.request.put(`/api/elections/${election.id}/candidacy`, {
    data: { listId },
    headers: { origin: new URL(other.url()).origin },
  });
  expect(refused.status()).toBe(409);

  // Left as other specs expect: the election cancelled, so families no longer see it.
  const current = (await api(admin, "get", "/api/settings/elections")).items.find(
    (e: { id: number }) => e.id === election.id,
  );
  await api(admin, "post", `/api/settings/elections/${election.id}/cancel`, {
    version: current.version,
    reason: "Prueba de extremo a extremo",
  });
  await Promise.all([adminContext.close(), familyContext.close(), lateContext.close()]);
});
