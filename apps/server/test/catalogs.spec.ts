import { CATALOG_NAMES } from "@portal/shared/catalogs";
import type { CatalogItem } from "@portal/shared/schemas/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, errorOf, signedInAs, type TestApp } from "./support/test-app.ts";

let t: TestApp;
const cookies: Record<"es" | "en" | "fr", string> = { es: "", en: "", fr: "" };
beforeAll(async () => {
  t = await createTestApp();
  for (const language of ["es", "en", "fr"] as const) {
    cookies[language] = (await signedInAs(t, "User", { language })).cookie;
  }
});
afterAll(() => t.close());

async function catalog(name: string, language: "es" | "en" | "fr" = "es"): Promise<CatalogItem[]> {
  const response = await call(t, { method: "GET", url: `/api/catalogs/${name}`, cookie: cookies[language] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("GET /api/catalogs/:name", () => {
  for (const name of CATALOG_NAMES) {
    it(`${name}: a non-empty list in order, with unique codes and labels in every language`, async () => {
      for (const language of ["es", "en", "fr"] as const) {
        const items = await catalog(name, language);
        expect(items.length).toBeGreaterThan(0);
        expect(items.map((item) => item.order)).toEqual(items.map((_, index) => index + 1));
        expect(new Set(items.map((item) => item.code)).size).toBe(items.length);
        for (const item of items) expect(item.label.trim(), `${name}/${item.code}/${language}`).not.toBe("");
      }
    });
  }

  it("levels: the French curriculum in order, with the Ecuadorian equivalents", async () => {
    const levels = await catalog("levels");
    expect(levels.map((level) => level.code)).toEqual([
      "TPS",
      "PS",
      "MS",
      "GS",
      "CP",
      "CE1",
      "CE2",
      "CM1",
      "CM2",
      "6E",
      "5E",
      "4E",
      "3E",
      "2NDE",
      "1RE",
      "TLE",
    ]);
    const ecuador = Object.fromEntries(levels.map((level) => [level.code, level.extra?.ecuador]));
    expect(ecuador).toMatchObject({
      TPS: "Inicial 1",
      PS: "Inicial 2",
      MS: "Inicial 2",
      GS: "1.º EGB",
      CP: "2.º EGB",
      CM2: "6.º EGB",
      "6E": "7.º EGB",
      "3E": "10.º EGB",
      "2NDE": "1.º BGU",
      "1RE": "2.º BGU",
      TLE: "3.º BGU",
    });
    expect(Object.values(ecuador).every((value) => typeof value === "string" && value.length > 0)).toBe(true);
  });

  it("identification types: 1 (cédula) and 2 (passport)", async () => {
    expect((await catalog("identificationTypes")).map((item) => item.code)).toEqual(["1", "2"]);
    expect((await catalog("identificationTypes", "en")).map((item) => item.label)).toEqual([
      "ID card (cédula)",
      "Passport",
    ]);
  });

  it("countries: labels in the signed-in user's language", async () => {
    const label = async (language: "es" | "en" | "fr", code: string) =>
      (await catalog("countries", language)).find((item) => item.code === code)?.label;
    expect(await label("es", "EC")).toBe("Ecuador");
    expect(await label("en", "EC")).toBe("Ecuador");
    expect(await label("es", "DE")).toBe("Alemania");
    expect(await label("en", "DE")).toBe("Germany");
    expect(await label("fr", "DE")).toBe("Allemagne");
  });

  it("refuses an unknown catalogue name", async () => {
    const response = await call(t, { method: "GET", url: "/api/catalogs/planets", cookie: cookies.en });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.message).toBe("Check the form data");
    expect(error.fields?.name).toBeTruthy();
  });
});
