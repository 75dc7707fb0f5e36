import type { DataExportState } from "@portal/shared/schemas/data-export";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, signedInSession } from "../../test/render.tsx";
import { MyDataPage } from "./my-data-page.tsx";

const family = signedInSession("en");

const state = (over: Partial<DataExportState>): DataExportState => ({
  id: "a".repeat(32),
  status: "running",
  done: 0,
  total: 0,
  createdAt: "2026-12-07T10:00:00.000Z",
  expiresAt: null,
  size: null,
  errorCode: null,
  errorMessage: null,
  ...over,
});

async function open(current: DataExportState | null, started: DataExportState = state({ done: 2, total: 5 })) {
  const api = stubApi({
    "GET /api/account/data-export": ok({ export: current }),
    "POST /api/account/data-export": { status: 202, body: started },
  });
  await renderScreen(<MyDataPage />, { session: family, language: "en", namespaces: ["account"] });
  return { api, user: userEvent.setup() };
}

describe("the My data screen", () => {
  it("prepares the archive on a press and shows its progress", async () => {
    const { api, user } = await open(null);
    expect(await screen.findByRole("heading", { name: "My data" })).toBeTruthy();
    await user.click(await screen.findByRole("button", { name: "Prepare my archive" }));
    expect(await screen.findByText("2 of 5 items")).toBeTruthy();
    expect(screen.getByText("Preparing your archive…")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Preparation progress" }).getAttribute("aria-valuenow")).toBe("40");
    expect(api.to("POST /api/account/data-export")).toHaveLength(1);
    // Nothing to press while it is prepared: a second archive is not offered.
    expect(screen.queryByRole("button", { name: "Prepare my archive" })).toBeNull();
  });

  it("offers the download link of a ready archive, with its size and expiry", async () => {
    await open(
      state({ status: "ready", size: 2 * 1024 * 1024, expiresAt: "2026-12-08T10:00:00.000Z", done: 5, total: 5 }),
    );
    const link = await screen.findByRole("link", { name: "Download my archive" });
    expect(link.getAttribute("href")).toBe(`/api/account/data-export/${"a".repeat(32)}/file`);
    expect(screen.getByText(/Your archive is ready \(2 MB\)\. The link works until/)).toBeTruthy();
  });

  it("says why it failed, and tries again on a press", async () => {
    const { api, user } = await open(
      state({ status: "failed", errorCode: "STORAGE_UNAVAILABLE", errorMessage: "The portal's storage is full." }),
    );
    expect((await screen.findByRole("alert")).textContent).toContain("The portal's storage is full.");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(api.to("POST /api/account/data-export")).toHaveLength(1));
    expect(await screen.findByText("2 of 5 items")).toBeTruthy();
  });

  it("tells the family an old archive has expired and offers a new one", async () => {
    await open(state({ status: "expired" }));
    expect(await screen.findByText(/Your last archive has expired/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Prepare my archive" })).toBeTruthy();
  });

  it("lists My data in the account menu for a family", async () => {
    await open(null);
    expect(await screen.findByRole("link", { name: "My data" })).toBeTruthy();
  });
});
