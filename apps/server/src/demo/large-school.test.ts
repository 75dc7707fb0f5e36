import { STEP_IDS, type StepId } from "@portal/shared/enrollment-steps";
import { isValidDocumentNumber } from "@portal/shared/rules/identification";
import { isLevelCode, nextLevel } from "@portal/shared/rules/levels";
import { describe, expect, it } from "vitest";
import { schemaForStep } from "../modules/enrollment/step-schemas.ts";
import { requestListColumns } from "../modules/requests/request-columns.ts";
import { createRng, type PlanEnv, planFamily, randomCedula } from "./large-school.ts";

const now = new Date("2025-07-01T12:00:00.000Z");
const env: PlanEnv = {
  years: [
    { id: 9, startYear: 2023 },
    { id: 10, startYear: 2024 },
    { id: 11, startYear: 2025 },
  ],
  uploads: {
    identityDocument: 1,
    representativePhoto: 2,
    authorizedPersonPhoto: 3,
    studentPhoto: 4,
    vaccinationBooklet: 5,
  },
  tag: "t1",
  testShare: 0.05,
  today: "2025-07-01",
  now,
};

describe("the large school generator", () => {
  it("makes valid cédulas", () => {
    const rng = createRng(1);
    for (let i = 0; i < 500; i++) expect(isValidDocumentNumber(1, randomCedula(rng))).toBe(true);
  });

  it("plans families whose every saved step passes the schema the server applies", () => {
    const rng = createRng(42);
    const families = Array.from({ length: 300 }, (_, i) => planFamily(rng, env, i));
    let files = 0;
    for (const family of families) {
      expect(family.children.length).toBeGreaterThanOrEqual(1);
      expect(family.children.length).toBeLessThanOrEqual(4);
      for (const child of family.children) {
        let previous: string | null = null;
        for (const file of child.files) {
          files++;
          const studentFile = file.steps.studentFile ?? {};
          const context = {
            isNewStudent: file.isNewStudent,
            previousLevel: isLevelCode(previous) ? previous : null,
            requestedLevel: file.levelCode,
            birthDate: String(studentFile.birthDate ?? "1900-01-01"),
          };
          for (const [step, data] of Object.entries(file.steps)) {
            const result = schemaForStep(step as StepId, data, context).safeParse(data);
            expect(result.error?.issues ?? [], `${step} ${JSON.stringify(data)}`).toEqual([]);
          }
          if (file.status === "sent") expect(Object.keys(file.steps)).toEqual([...STEP_IDS]);
          // A re-enrollment asks for the level after last year's.
          if (previous && isLevelCode(previous)) expect(file.levelCode).toBe(nextLevel(previous));
          previous = file.levelCode;
        }
      }
    }
    expect(files).toBeGreaterThan(300);
    // 2–4 s alone, over the default 5 s on two cores shared with other test runs.
  }, 30_000);

  it("gives the list columns of a sent file", () => {
    const rng = createRng(7);
    const family = planFamily(rng, env, 0);
    const file = family.children[0]!.files.at(-1)!;
    const rows = Object.entries(file.steps).map(([step, data]) => ({ step, data: JSON.stringify(data) }));
    const columns = requestListColumns(rows, { is_new_student: file.isNewStudent ? 1 : 0 });
    expect(columns.student_name).toBe(family.children[0]!.studentName);
    expect(columns.first_representative_name.length).toBeGreaterThan(0);
    expect(columns.search_text).toContain(" | ");
    expect(columns.level_code).toBe(file.levelCode);
  });

  it("mixes origins, statuses, test families and both kinds", () => {
    const rng = createRng(3);
    const families = Array.from({ length: 1000 }, (_, i) => planFamily(rng, env, i));
    const current = families
      .flatMap((f) => f.children.map((c) => c.files.at(-1)!))
      .filter((f) => f.schoolYearId === 11);
    const statuses = new Set(current.flatMap((f) => (f.request ? [f.request.status] : [])));
    expect(statuses.size).toBe(10);
    expect(current.some((f) => f.isNewStudent)).toBe(true);
    expect(current.some((f) => !f.isNewStudent)).toBe(true);
    expect(current.some((f) => f.status === "draft")).toBe(true);
    expect(families.some((f) => f.role === "Prueba")).toBe(true);
    expect(families.some((f) => f.language === "fr")).toBe(true);
    expect(new Set(families.map((f) => f.email)).size).toBe(families.length);
  });
});
