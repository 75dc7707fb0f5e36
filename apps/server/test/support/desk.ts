import { expect } from "vitest";
import { cedulaFor } from "./documents.ts";
import { call, type TestApp } from "./test-app.ts";

let serial = Math.floor(Math.random() * 9_000_000);
/** A valid cédula of its own for each representative (province 05: apart from the students' and uploads'). */
export const newCedula = () => cedulaFor(++serial, 5);

/** A walk-in parent as the secretary types them in (docs/rules/staff-workflow.md "Walk-in families"). */
export const walkIn = (overrides: Record<string, unknown> = {}) => ({
  names: "Rosa Elena",
  firstSurname: "Quishpe",
  secondSurname: "Tamayo",
  typeIdentification: 1,
  documentNumber: newCedula(),
  phone: "+593 98 765 4321",
  language: "es",
  ...overrides,
});

/** The desk's routes, called as the signed-in `cookie`. */
export function deskCalls(t: TestApp) {
  return {
    create: (cookie: string, body: unknown) =>
      call(t, { method: "POST", url: "/api/desk/families", cookie, payload: body as object }),
    family: (cookie: string, id: number) => call(t, { method: "GET", url: `/api/desk/families/${id}`, cookie }),
    setEmail: (cookie: string, id: number, email: unknown) =>
      call(t, { method: "PUT", url: `/api/desk/families/${id}/email`, cookie, payload: { email } }),
    invite: (cookie: string, id: number) =>
      call(t, { method: "POST", url: `/api/desk/families/${id}/invitation`, cookie }),
    /** A new desk family's id. */
    created: async (cookie: string, overrides: Record<string, unknown> = {}) => {
      const response = await call(t, { method: "POST", url: "/api/desk/families", cookie, payload: walkIn(overrides) });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    },
  };
}

/** The header by which a staff member's wizard calls act for a desk family. */
export const atDesk = (familyId: number) => ({ "x-desk-family": String(familyId) });
