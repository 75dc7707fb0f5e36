import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../support/axe.ts";
import { logIn } from "../support/session.ts";
import { runTag } from "../support/wizard.ts";

// Elections (issue #15), the families' side in the browser: an election with two lists (set up by
// the Admin through the API: the Admin's election screens are not built yet), a family sees it
// upcoming, votes once the poll opens by the server's clock, cannot vote twice, and after the
// Admin closes and publishes sees the seats and the turnout; the minutes PDF downloads. In
// global-settings: it adds a school-wide election every family sees.
test.use({ locale: "en-US", viewport: { width: 1440, height: 900 } });

// biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read field by field in the journey.
async function json(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<any> {
  expect(response.ok(), `${response.url()} ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

async function setUpElection(admin: Page, tag: string) {
  const api = admin.request;
  const year = (await json(await api.get("/api/school-years"))).find((y: { isCurrent: boolean }) => y.isCurrent);
  // Far enough ahead for the "upcoming" checks on a busy machine; the poll below waits for it.
  const soon = Date.now() + 40_000;
  const election = await json(
    await api.post("/api/settings/elections", {
      data: {
        titleEs: `Consejo de escuela ${tag}`,
        titleEn: `School council ${tag}`,
        titleFr: `Conseil d'école ${tag}`,
        body: "Conseil d'école",
        seats: 2,
        schoolYearId: year.id,
        candidacyDeadline: new Date(soon - 5_000).toISOString(),
        opensAt: new Date(soon).toISOString(),
        closesAt: new Date(soon + 5 * 3_600_000).toISOString(),
      },
    }),
  );
  const eligible = (await json(await api.get(`/api/settings/elections/${election.id}/eligible`))).items as {
    userId: number;
    email: string;
  }[];
  expect(eligible.length).toBeGreaterThanOrEqual(5);
  const lists: string[] = [];
  for (const [index, name] of [`Padres unidos ${tag}`, `Familias activas ${tag}`].entries()) {
    const organization = await json(await api.post("/api/settings/election-organizations", { data: { name } }));
    const view = await json(
      await api.post(`/api/settings/elections/${election.id}/lists`, {
        data: { organizationId: organization.id, name },
      }),
    );
    const listId = view.lists.at(-1).id;
    const people = eligible.slice(index * 2, index * 2 + 2).map((person) => ({ userId: person.userId }));
    await json(await api.put(`/api/settings/election-lists/${listId}/candidates`, { data: { candidates: people } }));
    lists.push(name);
  }
  const draft = (await json(await api.get("/api/settings/elections"))).items.find(
    (e: { id: number }) => e.id === election.id,
  );
  await json(await api.post(`/api/settings/elections/${election.id}/schedule`, { data: { version: draft.version } }));
  // A demo family (its password is the demo's), whatever the order of the list.
  const voter = eligible.find((person) => person.email.endsWith("@demo.local"));
  if (!voter) throw new Error("no demo family is eligible");
  return { id: election.id as number, lists, voter: voter.email };
}

test("a family sees an upcoming election, votes once in the window, and sees the published results", async ({
  browser,
}) => {
  const tag = runTag("EL");
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, "admin@demo.local");
  const election = await setUpElection(admin, tag);

  const familyContext = await browser.newContext();
  const family = await familyContext.newPage();
  await logIn(family, election.voter);
  // Demo families speak different languages (and earlier specs change them): this one reads Spanish.
  const spanish = await family.request.put("/api/session/language", {
    data: { language: "es" },
    headers: { origin: new URL(family.url()).origin },
  });
  expect(spanish.ok(), await spanish.text()).toBe(true);
  await family.goto("/portal/elecciones/proximamente");
  const upcoming = family.getByRole("region").filter({ hasText: `Consejo de escuela ${tag}` });
  await expect(upcoming.getByRole("heading", { name: `Consejo de escuela ${tag}` })).toBeVisible();
  await expect(upcoming.getByRole("heading", { name: election.lists[0]! })).toBeVisible();
  await expect(upcoming.getByRole("heading", { name: election.lists[1]! })).toBeVisible();
  await expectNoSeriousViolations(family, "elections upcoming");
  // One election's candidates and organizations, linked from its card.
  await upcoming.getByRole("link", { name: "Ver los candidatos" }).click();
  await expect(family).toHaveURL(new RegExp(`/portal/elecciones/candidatos/${election.id}$`));
  await expect(family.getByRole("heading", { level: 1, name: "Candidatos" })).toBeVisible();
  await expect(family.getByRole("heading", { name: election.lists[1]! })).toBeVisible();
  await family.goto(`/portal/elecciones/organizaciones/${election.id}`);
  await expect(family.getByText(`Presenta la lista ${election.lists[0]} (2 candidatos)`)).toBeVisible();

  // The poll opens by the server's clock a few seconds after scheduling: reload until it is open.
  await expect
    .poll(
      async () => {
        await family.goto("/portal/elecciones/en-curso");
        await family.getByRole("heading", { level: 1 }).waitFor();
        return family.getByRole("heading", { name: `Consejo de escuela ${tag}` }).count();
      },
      { timeout: 70_000 },
    )
    .toBe(1);
  const ballot = family.getByRole("region").filter({ hasText: `Consejo de escuela ${tag}` });
  await expectNoSeriousViolations(family, "elections in progress");
  await ballot.getByRole("radio", { name: election.lists[0]! }).check();
  await ballot.getByRole("button", { name: "Votar" }).click();
  const dialog = family.getByRole("dialog");
  await expect(dialog).toContainText(`Va a votar por la lista ${election.lists[0]}`);
  await dialog.getByRole("button", { name: "Votar" }).click();
  await expect(ballot.getByText("Su voto quedó registrado")).toBeVisible();
  await expect(ballot.getByTestId("receipt-code")).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

  // Back on the page: it says the family voted and when; a second vote is refused.
  await family.reload();
  await expect(ballot.getByText(/^Usted votó el /)).toBeVisible();
  await expect(ballot.getByRole("button", { name: "Votar" })).toHaveCount(0);
  const again = await family.request.post(`/api/elections/${election.id}/vote`, { data: { blank: true } });
  expect(again.status()).toBe(409);
  expect((await again.json()).error.message).toBe("Usted ya votó en esta elección.");

  // The Admin closes and publishes; the minutes PDF downloads.
  const open = (await json(await admin.request.get("/api/settings/elections"))).items.find(
    (e: { id: number }) => e.id === election.id,
  );
  const closed = await json(
    await admin.request.post(`/api/settings/elections/${election.id}/close`, { data: { version: open.version } }),
  );
  await json(
    await admin.request.post(`/api/settings/elections/${election.id}/publish`, { data: { version: closed.version } }),
  );
  const minutes = await admin.request.get(`/api/settings/elections/${election.id}/minutes?language=fr`);
  expect(minutes.headers()["content-type"]).toContain("application/pdf");
  expect((await minutes.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await family.goto("/portal/elecciones/completadas");
  const done = family.getByRole("region").filter({ hasText: `Consejo de escuela ${tag}` });
  const table = done.getByRole("table");
  await expect(table.getByRole("row", { name: new RegExp(`^${election.lists[0]} 1 2$`) })).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(`^${election.lists[1]} 0 0$`) })).toBeVisible();
  await expect(done.getByText(/^Votaron 1 de \d+ electores inscritos: participación del [\d,]+ %\.$/)).toBeVisible();
  await expect(done.getByText(/^Titular – .+ \(n\.º 1\)/).first()).toBeVisible();
  await expectNoSeriousViolations(family, "elections completed");
  await adminContext.close();
  await familyContext.close();
});
