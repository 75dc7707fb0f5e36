import { describe, expect, it } from "vitest";
import { findRoute, matchesPattern, postLoginPath } from "./match-route.ts";

describe("matchesPattern", () => {
  it("matches static and parameter segments", () => {
    expect(matchesPattern("/portal/account/user", "/portal/account/user")).toBe(true);
    expect(matchesPattern("/portal/account/user", "/portal/account/user/")).toBe(true);
    expect(matchesPattern("/reset-password/:token", "/reset-password/abc")).toBe(true);
    expect(matchesPattern("/reset-password/:token", "/reset-password")).toBe(false);
    expect(matchesPattern("/portal/dashboard", "/portal/dashboards")).toBe(false);
  });
});

describe("findRoute", () => {
  it("finds screens and groups but never unrouted entries", () => {
    expect(findRoute("/portal/account/user")?.id).toBe("account.user");
    expect(findRoute("/portal/account")?.id).toBe("account");
    expect(findRoute("/portal/account/notifications/email")).toBeUndefined();
  });
});

describe("postLoginPath", () => {
  it("returns the remembered page when the role may open it", () => {
    expect(postLoginPath("/portal/dashboards/settings/general?x=1", "Admin")).toBe(
      "/portal/dashboards/settings/general?x=1",
    );
    expect(postLoginPath("/portal/account/user", "User")).toBe("/portal/account/user");
  });

  it("returns to a family invitation's screen, public, which the visitor signed in to accept", () => {
    expect(postLoginPath("/household-invitation/abc_DEF-123", "User")).toBe("/household-invitation/abc_DEF-123");
    expect(postLoginPath("/account-activate/abc", "User")).toBe("/portal/inscripciones/bienvenido");
  });

  it("falls back to the role's home otherwise", () => {
    expect(postLoginPath(undefined, "User")).toBe("/portal/inscripciones/bienvenido");
    expect(postLoginPath(undefined, "Secretaria")).toBe("/portal/dashboard");
    expect(postLoginPath("/portal/dashboards/settings/general", "User")).toBe("/portal/inscripciones/bienvenido");
    expect(postLoginPath("/login", "Admin")).toBe("/portal/dashboard");
    expect(postLoginPath("//evil.example/portal/dashboard", "Admin")).toBe("/portal/dashboard");
    expect(postLoginPath("https://evil.example/", "Admin")).toBe("/portal/dashboard");
    expect(postLoginPath("/nowhere", "Admin")).toBe("/portal/dashboard");
  });

  it("takes staff to their home from the family's wizard, which they open only for a walk-in family", () => {
    expect(postLoginPath("/portal/inscripciones/bienvenido", "Secretaria")).toBe("/portal/dashboard");
    expect(postLoginPath("/portal/inscripciones/bienvenido", "User")).toBe("/portal/inscripciones/bienvenido");
  });
});
