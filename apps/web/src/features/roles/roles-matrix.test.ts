import { RESOURCES } from "@portal/i18n/resources";
import { LANGUAGE_CODES } from "@portal/shared/languages";
import { PERMISSIONS } from "@portal/shared/permissions";
import { ROLES } from "@portal/shared/roles";
import { describe, expect, it } from "vitest";
import { permissionMatrix, screenMatrix } from "./roles-matrix.ts";

describe("the roles page's matrices", () => {
  it("has one row per permission of PERMISSIONS, each with what the table says", () => {
    const rows = permissionMatrix();
    expect(rows.map((row) => row.id)).toEqual(Object.keys(PERMISSIONS));
    const byId = Object.fromEntries(rows.map((row) => [row.id, row.allowed]));
    expect(byId.inscriptionsView?.Consulta).toBe(true);
    expect(byId.inscriptionsManage?.Consulta).toBe(false);
    expect(byId.inscriptionsManage?.Secretaria).toBe(true);
    expect(byId.auditView).toEqual({
      Admin: true,
      Editor: false,
      User: false,
      Secretaria: false,
      Consulta: false,
      Prueba: false,
    });
    for (const row of rows) {
      for (const role of ROLES) {
        expect(row.allowed[role], `${row.id} ${role}`).toBe((PERMISSIONS[row.id] as readonly string[]).includes(role));
      }
    }
  });

  it("lists the built screens with their effective roles (a parent's roles included)", () => {
    const byId = Object.fromEntries(screenMatrix().map((row) => [row.id, row.allowed]));
    expect(byId["settings.auditLog"]?.Admin).toBe(true);
    expect(byId["settings.auditLog"]?.Secretaria).toBe(false);
    expect(byId["inscriptions.allRequest"]?.Consulta).toBe(true);
    expect(byId["inscriptions.allRequest"]?.Editor).toBe(false);
    expect(byId.login).toBeUndefined();
  });

  it("labels every permission and every role in the three languages", () => {
    for (const language of LANGUAGE_CODES) {
      const roles = RESOURCES[language].audit.roles as {
        permissions: Record<string, string>;
        names: Record<string, string>;
      };
      for (const permission of Object.keys(PERMISSIONS)) {
        expect(roles.permissions[permission], `${language} ${permission}`).toMatch(/\S/);
      }
      for (const role of ROLES) expect(roles.names[role], `${language} ${role}`).toMatch(/\S/);
    }
  });
});
