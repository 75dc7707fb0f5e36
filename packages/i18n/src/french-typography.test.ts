import { describe, expect, it } from "vitest";
import { frenchTypographyProblems } from "./french-typography.ts";
import { NAMESPACES, RESOURCES } from "./resources.ts";

type Tree = { [key: string]: string | Tree };

function strings(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : strings(value, `${prefix}${key}.`),
  );
}

describe("French typography", () => {
  it("finds plain or missing spaces before the high marks and inside guillemets", () => {
    expect(frenchTypographyProblems("Mot de passe oublié\u202f?")).toEqual([]);
    expect(frenchTypographyProblems("Mot de passe oublié ?")).toHaveLength(1);
    expect(frenchTypographyProblems("Mot de passe oublié?")).toHaveLength(1);
    expect(frenchTypographyProblems("Statut\u00a0: acceptée ; merci !")).toHaveLength(3);
    expect(frenchTypographyProblems("Nom: {{name}}")).toHaveLength(1);
    expect(frenchTypographyProblems("Renommer «\u202f{{label}}\u202f»")).toEqual([]);
    expect(frenchTypographyProblems("Renommer « {{label}} »")).toHaveLength(2);
    // Times, addresses and i18next nesting keep their colon as it is.
    expect(frenchTypographyProblems("Ouvert à 14:30 sur https://ecole.ec, $t(common:ok)")).toEqual([]);
  });

  for (const ns of NAMESPACES) {
    it(`holds in every French string of ${ns}`, () => {
      const wrong = strings(RESOURCES.fr[ns] as Tree).flatMap(([key, text]) =>
        frenchTypographyProblems(text).map((problem) => `${key}: ${problem}`),
      );
      expect(wrong).toEqual([]);
    });
  }
});
