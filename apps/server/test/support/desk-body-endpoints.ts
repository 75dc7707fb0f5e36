import { cedulaFor } from "./documents.ts";
import type { BodyEndpoint } from "./settings-body-endpoints.ts";
import { call, type TestApp, uniqueEmail } from "./test-app.ts";

/**
 * The desk's endpoints that take a body (docs/rules/staff-workflow.md "Walk-in families"): a refused
 * creation adds no account, a refused e-mail leaves the family's row as it was. The valid creation
 * body has no e-mail: every key is required, so no mangled copy of it is itself valid.
 */
export async function deskBodyEndpoints(
  t: TestApp,
  secretaria: { id: number; cookie: string },
): Promise<BodyEndpoint[]> {
  const created = await call(t, {
    method: "POST",
    url: "/api/desk/families",
    cookie: secretaria.cookie,
    payload: walkIn(),
  });
  if (created.statusCode !== 201) throw new Error(`desk family: ${created.statusCode} ${created.body}`);
  const id = created.json().id as number;
  const deskAccounts = () =>
    t.ctx.db.selectFrom("users").select("id").where("desk_created_by", "=", secretaria.id).orderBy("id").execute();
  return [
    {
      name: "desk family",
      method: "POST",
      url: "/api/desk/families",
      cookie: secretaria.cookie,
      valid: walkIn(),
      textFields: ["names", "firstSurname", "secondSurname"],
      state: deskAccounts,
    },
    {
      name: "desk family e-mail",
      method: "PUT",
      url: `/api/desk/families/${id}/email`,
      route: "PUT /api/desk/families/:id/email",
      cookie: secretaria.cookie,
      valid: { email: uniqueEmail("desk") },
      textFields: [],
      state: () => t.ctx.db.selectFrom("users").selectAll().where("id", "=", id).execute(),
    },
  ];
}

let serial = Math.floor(Math.random() * 9_000_000);

function walkIn() {
  return {
    names: "Rosa Elena",
    firstSurname: "Quishpe",
    secondSurname: "Tamayo",
    typeIdentification: 1,
    documentNumber: cedulaFor(++serial, 6),
    phone: "+593 98 765 4321",
    language: "es",
  };
}
