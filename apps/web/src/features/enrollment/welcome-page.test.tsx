import { DEFAULT_YEAR_CONSTANTS, DEFAULT_YEAR_NOTICES } from "@portal/shared/rules/year-settings";
import type { EnrollmentCard } from "@portal/shared/schemas/enrollment-responses";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { setScreenPreloader } from "../../lib/screen-preload.ts";
import { catalog, FAMILY, FILE, fileContext } from "../../test/enrollment-step.tsx";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, SIGNED_OUT } from "../../test/render.tsx";
import { WelcomePage } from "./welcome-page.tsx";

const CARD: EnrollmentCard = {
  studentId: FILE.studentId,
  studentName: "Ana Lucía Pérez",
  fileId: FILE.id,
  status: "inProgress",
  completedCount: 0,
  totalSteps: 12,
  nextStep: "studentFile",
  requestStatus: null,
  correctionMessage: null,
  reopenedSteps: [],
  photoRejection: null,
};
const FILE_API = `/api/enrollment/files/${FILE.id}`;
const STUDENT_FILE_CATALOGS = [
  "countries",
  "nationalities",
  "bloodTypes",
  "relationships",
  "identificationTypes",
  "levels",
];

describe("the welcome page's Continue", () => {
  it("asks for the step's code, data, context, file rules and catalogues at the click, beside the file's summary", async () => {
    const preloaded: string[] = [];
    setScreenPreloader((pathname) => preloaded.push(pathname));
    // The file's summary is held back: what the step needs must not wait for it (nor for the
    // step's code and first render, which come after it).
    let releaseSummary = () => {};
    const summary = new Promise<void>((resolve) => {
      releaseSummary = resolve;
    });
    const routes: Parameters<typeof stubApi>[0] = {
      "GET /api/enrollment/cards": ok([CARD]),
      "GET /api/enrollment/year-settings": ok({
        schoolYearId: FILE.schoolYearId,
        constants: DEFAULT_YEAR_CONSTANTS,
        notices: DEFAULT_YEAR_NOTICES,
      }),
      [`GET ${FILE_API}`]: async () => {
        await summary;
        return ok(FILE);
      },
      [`GET ${FILE_API}/steps/studentFile`]: ok({ step: "studentFile", data: null, completed: false }),
      [`GET ${FILE_API}/context`]: ok(fileContext()),
      "GET /api/file-rules": ok({ kinds: [], templates: [] }),
      "GET /api/status-texts": ok({ items: [] }),
      "GET /api/family-campaigns": ok({ items: [] }),
    };
    for (const name of STUDENT_FILE_CATALOGS) routes[`GET /api/catalogs/${name}`] = ok(catalog(["X", "X"]));
    const api = stubApi(routes);
    const view = await renderScreen(<WelcomePage />, {
      path: "/portal/inscripciones/bienvenido",
      routes: { "/portal/inscripciones/ficha-del-alumno": <p>Ficha del alumno</p> },
      session: { ...SIGNED_OUT, user: FAMILY },
      namespaces: ["enrollment", "schoolYears", "statusTexts"],
    });

    await userEvent.click(await screen.findByRole("button", { name: "Continuar la inscripción" }));

    expect(await screen.findByText("Ficha del alumno")).toBeTruthy();
    expect(view.router.state.location.pathname).toBe("/portal/inscripciones/ficha-del-alumno");
    const asked = api.sent.map((request) => `${request.method} ${request.path}`);
    expect(asked).toEqual(
      expect.arrayContaining([
        `GET ${FILE_API}`,
        `GET ${FILE_API}/steps/studentFile`,
        `GET ${FILE_API}/context`,
        "GET /api/file-rules",
        ...STUDENT_FILE_CATALOGS.map((name) => `GET /api/catalogs/${name}`),
      ]),
    );
    // Each once, and the summary still not answered: they left together.
    expect(api.to(`GET ${FILE_API}/steps/studentFile`)).toHaveLength(1);
    expect(api.unanswered).toEqual([]);
    expect(preloaded).toEqual(["/portal/inscripciones/ficha-del-alumno"]);
    releaseSummary();
  });
});
