import type { AdminFileSettings } from "@portal/shared/schemas/file-settings";
import { describe, expect, it } from "vitest";
import { mbToBytes, serverLimitErrors, toLimitsBody, toLimitValues } from "./limits-form.ts";

const MB = 1024 * 1024;
const settings: AdminFileSettings = {
  kinds: [
    {
      kind: "identityDocument",
      maxBytes: 5 * MB,
      types: ["pdf"],
      version: 1,
      defaultMaxBytes: 5 * MB,
      allowedTypes: ["pdf"],
      typesEditable: false,
    },
    {
      kind: "representativePhoto",
      maxBytes: 1 * MB,
      types: ["jpeg", "png"],
      version: 3,
      defaultMaxBytes: 1 * MB,
      allowedTypes: ["jpeg", "png"],
      typesEditable: true,
    },
  ],
  floorBytes: 100 * 1024,
  ceilingBytes: 10 * MB,
  templateMaxBytes: 10 * MB,
  keepPdfOriginals: false,
  templates: [],
};

describe("the limits form", () => {
  it("shows sizes in MB and sends bytes with each kind's version", () => {
    const values = toLimitValues(settings);
    expect(values.identityDocument).toEqual({ mb: "5", types: ["pdf"] });
    values.representativePhoto = { mb: "2,5", types: ["jpeg"] };
    expect(toLimitsBody(settings, values)).toEqual({
      body: {
        kinds: [
          { kind: "identityDocument", maxBytes: 5 * MB, types: ["pdf"], version: 1 },
          { kind: "representativePhoto", maxBytes: 2.5 * MB, types: ["jpeg"], version: 3 },
        ],
      },
    });
  });

  it("refuses a size outside floor and ceiling, text, and no type, under the kind's fields", () => {
    expect(mbToBytes("abc")).toBeUndefined();
    expect(mbToBytes("")).toBeUndefined();
    const values = toLimitValues(settings);
    values.identityDocument = { mb: "11", types: ["pdf"] };
    values.representativePhoto = { mb: "0.01", types: [] };
    expect(toLimitsBody(settings, values)).toEqual({
      errors: {
        identityDocument: { mb: "validation.fileLimitRange" },
        representativePhoto: { mb: "validation.fileLimitRange", types: "validation.fileTypesRequired" },
      },
    });
  });

  it("maps the server's field paths back to the kinds", () => {
    expect(serverLimitErrors(settings, { "kinds.1.types": "x", "kinds.0.maxBytes": "y", kinds: "z" })).toEqual({
      representativePhoto: { types: "x" },
      identityDocument: { mb: "y" },
    });
  });
});
