import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FILE, fileContext } from "../../test/enrollment-step.tsx";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { fileContextQuery } from "./enrollment-api.ts";
import { familyStepHost } from "./family-step-host.ts";
import { OPENING_READ_MS } from "./step-kit/step-host.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("the family's step host", () => {
  it("reads the file's context again after a save: the next step never checks with the old one", async () => {
    // The student file's step opened with the context of a file that had no birth date yet.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(fileContextQuery(FILE.id).queryKey, fileContext({ birthDate: null }));
    const api = stubApi({
      [`PUT /api/enrollment/files/${FILE.id}/steps/studentFile`]: ok({ ...FILE, completedSteps: ["studentFile"] }),
      [`GET /api/enrollment/files/${FILE.id}/context`]: ok(fileContext({ birthDate: "2015-03-02" })),
    });

    await familyStepHost(FILE, queryClient).save("studentFile", { birthDate: "2015-03-02" });

    // The next step (its level checked against the birth date) reads the context as a step does
    // as it opens: a read under OPENING_READ_MS old would count as its own.
    const context = await queryClient.fetchQuery({ ...fileContextQuery(FILE.id), staleTime: OPENING_READ_MS });
    expect(context.birthDate).toBe("2015-03-02");
    expect(api.to(`GET /api/enrollment/files/${FILE.id}/context`).length).toBeGreaterThan(0);
  });
});
