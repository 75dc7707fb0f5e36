import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "./roles.ts";
import { ALL_ROUTES, buildMenu, decideAccess, effectiveRoles, resolveRoutes } from "./route-access.ts";
import { APP_ROUTES, type RouteNode } from "./routes.ts";

const byPath = (path: string) => {
  const found = ALL_ROUTES.find((route) => route.fullPath === path);
  if (!found) throw new Error(`missing route ${path}`);
  return found;
};

describe("effectiveRoles (spec 2: parent's roles or the intersection)", () => {
  it("inherits the parent's roles when the child names none", () => {
    expect(effectiveRoles(["Admin", "User"], undefined)).toEqual(["Admin", "User"]);
  });
  it("intersects when both name roles", () => {
    expect(effectiveRoles(["Admin", "Secretaria", "Consulta"], ["Secretaria", "Editor"])).toEqual(["Secretaria"]);
  });
  it("makes an empty intersection inaccessible to every role", () => {
    const [child] = resolveRoutes([
      {
        id: "p",
        path: "p",
        access: "protected",
        roles: ["Admin"],
        children: [{ id: "c", path: "c", access: "protected", roles: ["User"] }],
      },
    ]).filter((route) => route.id === "c");
    expect(child?.roles).toEqual([]);
    for (const role of ROLES) expect(decideAccess(child!, role)).toBe("unauthorized");
  });
  it("applies the rule through several levels", () => {
    const tree: RouteNode[] = [
      {
        id: "a",
        path: "a",
        access: "protected",
        roles: ["Admin", "Secretaria", "Consulta"],
        children: [
          {
            id: "b",
            path: "b",
            access: "protected",
            roles: ["Admin", "Secretaria"],
            children: [{ id: "c", path: "c", access: "protected" }],
          },
        ],
      },
    ];
    expect(resolveRoutes(tree).find((route) => route.id === "c")?.roles).toEqual(["Admin", "Secretaria"]);
  });
});

describe("decideAccess (spec 2 route protection)", () => {
  it("sends an anonymous visitor of a protected route to login", () => {
    expect(decideAccess(byPath("/portal/dashboard"), null)).toBe("login");
  });
  it("sends a wrong role to unauthorized", () => {
    expect(decideAccess(byPath("/portal/dashboard"), "User")).toBe("unauthorized");
    expect(decideAccess(byPath("/portal/dashboards/settings/general"), "Secretaria")).toBe("unauthorized");
  });
  it("sends a signed-in user away from public-only routes", () => {
    for (const path of ["/login", "/register", "/forgot-password", "/reset-password/:token"]) {
      expect(decideAccess(byPath(path), "User")).toBe("invalidAccess");
      expect(decideAccess(byPath(path), null)).toBe("allow");
    }
  });
  it("lets anyone open public system screens", () => {
    for (const path of [
      "/maintenance",
      "/page-not-found",
      "/unauthorized",
      "/invalid-access",
      "/account-activate/:token",
    ]) {
      expect(decideAccess(byPath(path), null)).toBe("allow");
      expect(decideAccess(byPath(path), "Admin")).toBe("allow");
    }
  });
  it("gives the spec 6 roles to each area", () => {
    const allowed = (path: string) => ROLES.filter((role) => decideAccess(byPath(path), role) === "allow");
    // Families, and the desk's staff filling it in for a walk-in family (docs/rules/staff-workflow.md).
    expect(allowed("/portal/inscripciones/bienvenido").sort()).toEqual(["Admin", "Prueba", "Secretaria", "User"]);
    expect(allowed("/portal/dashboard").sort()).toEqual(["Admin", "Consulta", "Editor", "Secretaria"]);
    expect(allowed("/portal/dashboards/inscriptions/all-request").sort()).toEqual(["Admin", "Consulta", "Secretaria"]);
    expect(allowed("/portal/reports/student-information").sort()).toEqual([
      "Admin",
      "Consulta",
      "Editor",
      "Secretaria",
    ]);
    expect(allowed("/portal/documents/default").sort()).toEqual(["Admin", "Consulta", "Editor", "Secretaria"]);
    expect(allowed("/portal/dashboards/settings/users")).toEqual(["Admin"]);
    expect(allowed("/portal/account/user")).toEqual([...ROLES]);
  });
});

describe("the route table lists every screen of spec section 2", () => {
  const expected = [
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password/:token",
    "/maintenance",
    "/page-not-found",
    "/unauthorized",
    "/invalid-access",
    "/account-activate/:token",
    ...[
      "bienvenido",
      "ficha-del-alumno",
      "anio-inscripcion",
      "terminos-y-condiciones",
      "primer-representante-legal",
      "segundo-representante-legal",
      "personas-autorizadas",
      "foto-del-alumno",
      "historial-academico-del-alumno",
      "informacion-financiera",
      "informacion-servicio-de-transporte-escolar",
      "autorizacion-de-salida",
      "ficha-medica",
      "resumen-del-registro",
      "felicitaciones",
    ].map((p) => `/portal/inscripciones/${p}`),
    ...["en-curso", "proximamente", "completadas", "candidatos/:id", "organizaciones/:id"].map(
      (p) => `/portal/elecciones/${p}`,
    ),
    "/portal/account/user",
    "/portal/dashboard",
    ...[
      "all-request",
      "without-treating",
      "accepted-request",
      "validated-request",
      "confirmed-request",
      "refused-request",
      "descontinued-request",
      "in-process",
      "photos",
      "request-not-found",
      "request-detail/:id",
      "request-bue-migration/:id",
      "student-record/:id",
      "enrollment-year/:id",
      "conditions-and-terms/:id",
      "first-representative/:id",
      "second-representative/:id",
      "authorized-persons/:id",
      "student-photo/:id",
      "academic-record-of-the-student/:id",
      "financial-information/:id",
      "information-school-transportation-service/:id",
      "exit-authorization/:id",
      "medical-record/:id",
    ].map((p) => `/portal/dashboards/inscriptions/${p}`),
    ...["student-information", "representative-information", "autorization-persons", "photo-export"].map(
      (p) => `/portal/reports/${p}`,
    ),
    "/portal/documents/default",
    ...[
      "academic-year",
      "request-status",
      "general",
      "files",
      "users",
      "home",
      "roles",
      "positions",
      "organizations",
      "organizations-associate",
      "elections",
      "elections-result",
    ].map((p) => `/portal/dashboards/settings/${p}`),
  ];
  it.each(expected)("%s", (path) => {
    expect(byPath(path).hideInRoute).toBe(false);
  });
  it("keeps the wizard steps in the spec's order", () => {
    const steps = ALL_ROUTES.filter(
      (route) => route.parentId === "inscripciones" && route.id.startsWith("wizard."),
    ).map((route) => route.fullPath.split("/").pop());
    expect(steps[0]).toBe("bienvenido");
    expect(steps[13]).toBe("resumen-del-registro");
    expect(steps).toHaveLength(15);
  });
  it("has unique ids and unique paths", () => {
    expect(new Set(ALL_ROUTES.map((r) => r.id)).size).toBe(ALL_ROUTES.length);
    expect(new Set(ALL_ROUTES.map((r) => r.fullPath)).size).toBe(ALL_ROUTES.length);
  });
});

describe("buildMenu", () => {
  const ids = (role: Role) => buildMenu(APP_ROUTES, role).map((item) => item.id);
  it("shows a family only what it may open and what is not hidden", () => {
    expect(ids("User")).toEqual(["inscripciones", "elections", "messages"]);
  });
  it("gives a family one 'My enrollments' link to the wizard's welcome page, none of the steps", () => {
    const enrollments = buildMenu(APP_ROUTES, "User").find((item) => item.id === "inscripciones");
    expect(enrollments).toEqual({ id: "inscripciones", to: "/portal/inscripciones", children: [] });
    expect(ids("Prueba")).toContain("inscripciones");
    expect(ids("Secretaria")).not.toContain("inscripciones");
  });
  it("shows the data-rights queue to the Secretaria and the Admin only", () => {
    const queue = buildMenu(APP_ROUTES, "Secretaria").find((item) => item.id === "dataRights");
    expect(queue?.to).toBe("/portal/data-rights-requests");
    expect(ids("Consulta")).not.toContain("dataRights");
    expect(ids("User")).not.toContain("dataRights");
  });
  it("shows staff their areas and hides the rest", () => {
    expect(ids("Editor")).toEqual(["reports", "dashboard", "documents"]);
    expect(ids("Secretaria")).toEqual([
      "inscriptions",
      "representatives",
      "reports",
      "dashboard",
      "documents",
      "sync",
      "medicalRecords",
      // Not in spec 2: messages to families (docs/rules/messages.md).
      "familyMessages",
      // Not in spec 2: re-enrollment campaigns (docs/rules/campaigns.md).
      "campaigns",
      // Not in spec 2: enrollment at the office (docs/rules/staff-workflow.md "Walk-in families"); the
      // family's wizard, which they may open for a walk-in family, stays out of their menu.
      "desk",
      // Not in spec 2: the data-rights requests' queue (docs/rules/data-protection.md).
      "dataRights",
    ]);
  });
  it("follows the spec 2 admin menu order (Documents shown)", () => {
    expect(ids("Admin")).toEqual([
      "elections",
      "inscriptions",
      "representatives",
      "reports",
      "settings",
      "dashboard",
      "documents",
      "sync",
      "medicalRecords",
      // Not in spec 2: messages to families (docs/rules/messages.md).
      "familyMessages",
      // Not in spec 2: re-enrollment campaigns (docs/rules/campaigns.md).
      "campaigns",
      // Not in spec 2: enrollment at the office (docs/rules/staff-workflow.md "Walk-in families"); the
      // family's wizard, which they may open for a walk-in family, stays out of their menu.
      "desk",
      // Not in spec 2: the data-rights requests' queue (docs/rules/data-protection.md).
      "dataRights",
    ]);
  });
  it("groups the representatives lists in their own menu entry without changing their URLs", () => {
    const menu = buildMenu(APP_ROUTES, "Admin");
    const representatives = menu.find((item) => item.id === "representatives");
    expect(representatives?.children.map((child) => [child.id, child.to])).toEqual([
      ["inscriptions.legalRepresentatives", "/portal/dashboards/inscriptions/legal-representatives"],
      ["inscriptions.firstRepresentatives", "/portal/dashboards/inscriptions/first-representatives"],
      ["inscriptions.secondRepresentatives", "/portal/dashboards/inscriptions/second-representatives"],
    ]);
    expect(representatives?.to).toBe("/portal/dashboards/inscriptions/legal-representatives");
    const inscriptions = menu.find((item) => item.id === "inscriptions");
    expect(inscriptions?.children.map((child) => child.id)).not.toContain("inscriptions.legalRepresentatives");
  });
  it("leaves out a menu group whose entries the role may not open", () => {
    const tree: RouteNode[] = [
      {
        id: "p",
        path: "p",
        access: "protected",
        roles: ["Admin", "Secretaria"],
        children: [
          { id: "p.a", path: "a", access: "protected" },
          { id: "p.b", path: "b", access: "protected", roles: ["Admin"], menuGroup: "g" },
        ],
      },
    ];
    expect(buildMenu(tree, "Admin", "").map((item) => item.id)).toEqual(["p", "g"]);
    expect(buildMenu(tree, "Secretaria", "").map((item) => item.id)).toEqual(["p"]);
  });
  it("leaves hidden children out of the menu", () => {
    const inscriptions = buildMenu(APP_ROUTES, "Secretaria").find((item) => item.id === "inscriptions");
    const children = inscriptions?.children.map((child) => child.id) ?? [];
    expect(children).toContain("inscriptions.allRequest");
    expect(children).not.toContain("inscriptions.acceptedRequest");
    expect(children).not.toContain("inscriptions.requestDetail");
  });
  it("never lists a route that is hidden from routing", () => {
    const all = JSON.stringify(buildMenu(APP_ROUTES, "Admin"));
    expect(all).not.toContain("notifications");
  });
});
