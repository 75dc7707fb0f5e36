import { type SessionInfo, sessionSchema } from "@portal/shared/schemas/responses";
import { serializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { compiledSerializer } from "./compiled-serializer.ts";

const window = { opensOn: "2026-05-01", closesOn: null, closedAt: null, open: true };
const signedIn: SessionInfo = {
  user: {
    id: 7,
    email: "ana@example.ec",
    firstSurname: "Pérez",
    secondSurname: "",
    names: 'Ana "Anita" María',
    phone: "0991234567",
    language: "fr",
    role: "User",
    isTestData: false,
  },
  mfa: null,
  schoolYear: {
    id: 3,
    label: "2026-2027",
    isCurrent: true,
    enrollmentOpen: true,
    newEnrollment: window,
    reEnrollment: { ...window, open: false, closedAt: "2026-06-01T00:00:00.000Z" },
    familyMayAct: true,
  },
  language: "fr",
  maintenance: false,
};

const zodWrites = serializerCompiler({
  schema: sessionSchema,
  method: "GET",
  url: "/api/session",
  httpStatus: "200",
}) as (data: unknown) => string;
const compiledWrites = compiledSerializer(sessionSchema);

describe("the session check's compiled serialiser", () => {
  it("writes what zod's serialiser writes, signed in, waiting for the second factor and signed out", () => {
    const states: SessionInfo[] = [
      signedIn,
      { ...signedIn, user: null, schoolYear: null, mfa: "verify" },
      { user: null, mfa: null, schoolYear: null, language: "es", maintenance: true },
    ];
    for (const state of states) {
      expect(JSON.parse(compiledWrites(state))).toEqual(JSON.parse(zodWrites(state)));
    }
  });

  it("leaves out what the schema does not name, as zod strips it (the user's internal family id)", () => {
    const withInternals = { ...signedIn, user: { ...signedIn.user, familyId: 99, passwordHash: "x" }, extra: 1 };
    const written = JSON.parse(compiledWrites(withInternals));
    expect(written.user).not.toHaveProperty("familyId");
    expect(written.user).not.toHaveProperty("passwordHash");
    expect(written).not.toHaveProperty("extra");
    expect(written).toEqual(JSON.parse(zodWrites(withInternals)));
  });
});
