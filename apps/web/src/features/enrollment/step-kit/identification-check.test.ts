import type { Resolver } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { withIdentificationCheck } from "./identification-check.ts";

type Values = { persons: { documentNumber: string }[] };
const valid: Resolver<Values> = async (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false } as never;

describe("the form's one-number-per-person check", () => {
  const others = {
    studentFile: { documentNumber: "1714307103" },
    firstRepresentative: { documentNumber: "PASS10001" },
  };
  const resolver = withIdentificationCheck(valid, "authorizedPersons", (values: Values) => values, others);

  it("puts the student's number under the person's field, before any save", async () => {
    const result = await resolver(
      { persons: [{ documentNumber: "0102030405" }, { documentNumber: "1714307103" }] },
      {},
      options,
    );
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      persons: [undefined, { documentNumber: { type: "custom", message: "validation.sameIdentificationAsStudent" } }],
    });
  });

  it("names a representative's number as another person's of the file, and lets numbers of their own through", async () => {
    const taken = await resolver({ persons: [{ documentNumber: "pass10001" }] }, {}, options);
    expect(taken.errors).toEqual({
      persons: [{ documentNumber: { type: "custom", message: "validation.sameIdentificationInFile" } }],
    });
    const own = { persons: [{ documentNumber: "0102030405" }] };
    expect(await resolver(own, {}, options)).toEqual({ values: own, errors: {} });
  });
});
