import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render.tsx";
import { RequestChecks } from "./request-checks.tsx";

const NO_CHECKS = { birthDate: null, duplicateAttempts: [], sharedEmails: [], sharedEmailsMore: false };

describe("a request's checks, representatives' e-mails another family gives (spec 5)", () => {
  it("names the representative and links each other request by its code", async () => {
    await renderScreen(
      <RequestChecks
        levelLabel="CM2"
        checks={{
          ...NO_CHECKS,
          sharedEmails: [
            {
              step: "secondRepresentative",
              email: "jorge@example.ec",
              requests: [
                { id: 41, code: "INS-2026-000041", step: "firstRepresentative" },
                { id: 57, code: "INS-2026-000057", step: "secondRepresentative" },
              ],
            },
          ],
        }}
      />,
      { namespaces: ["inscriptions"], language: "en" },
    );
    const alert = screen.getByTestId("shared-emails");
    expect(within(alert).getByText("E-mail also given by another family")).toBeTruthy();
    expect(within(alert).getByText("jorge@example.ec (legal representative 2) is also given in:")).toBeTruthy();
    const link = within(alert).getByRole("link", { name: "INS-2026-000041" });
    expect(link.getAttribute("href")).toBe("/portal/dashboards/inscriptions/request-detail/41");
    expect(link.closest("li")?.textContent).toBe("INS-2026-000041 (legal representative 1)");
    expect(within(alert).getByRole("link", { name: "INS-2026-000057" }).closest("li")?.textContent).toBe(
      "INS-2026-000057 (legal representative 2)",
    );
    expect(within(alert).queryByText(/only 50 are shown/)).toBeNull();
    expect(screen.queryByText("Nothing to point out.")).toBeNull();
  });

  it("says when more requests share it than are listed, in French with its typography", async () => {
    await renderScreen(
      <RequestChecks
        levelLabel="CM2"
        checks={{
          ...NO_CHECKS,
          sharedEmails: [
            {
              step: "firstRepresentative",
              email: "carmen@example.ec",
              requests: [{ id: 3, code: "INS-2026-000003", step: "firstRepresentative" }],
            },
          ],
          sharedEmailsMore: true,
        }}
      />,
      { namespaces: ["inscriptions"], language: "fr" },
    );
    // (The matcher sees white space collapsed: the narrow no-break space is read from the text itself.)
    const alert = screen.getByTestId("shared-emails");
    expect(
      within(alert).getByText(/^carmen@example.ec \(représentant légal 1\) figure aussi dans :$/).textContent,
    ).toBe("carmen@example.ec (représentant légal 1) figure aussi dans\u202f:");
    expect(within(alert).getByText(/^Et d'autres demandes :/).textContent).toBe(
      "Et d'autres demandes\u202f: seules 50 sont affichées.",
    );
  });

  it("shows nothing of it when no e-mail is shared", async () => {
    await renderScreen(<RequestChecks levelLabel="CM2" checks={NO_CHECKS} />, {
      namespaces: ["inscriptions"],
      language: "en",
    });
    expect(screen.getByText("Nothing to point out.")).toBeTruthy();
    expect(screen.queryByTestId("shared-emails")).toBeNull();
  });
});
