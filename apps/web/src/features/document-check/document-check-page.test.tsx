import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, SIGNED_OUT } from "../../test/render.tsx";
import { DocumentCheckPage } from "./document-check-page.tsx";

const found = {
  found: true,
  title: "Educational services contract",
  signers: [
    { role: "representative1", name: "María Loor", signedAt: "2026-12-07T15:00:00.000Z" },
    { role: "school", name: "Secretaría", signedAt: "2026-12-07T16:00:00.000Z" },
  ],
  completedAt: "2026-12-07T16:00:00.000Z",
  sealed: true,
};

async function open() {
  await renderScreen(<DocumentCheckPage />, { session: SIGNED_OUT, language: "en", namespaces: ["signing", "routes"] });
  return userEvent.setup();
}

describe("/verify-document", () => {
  it("checks a code: the document, its signers, sealed; or says none matches", async () => {
    const api = stubApi({ "POST /api/document-checks/code": ok(found) });
    const user = await open();
    expect(screen.getByRole("heading", { level: 1, name: "Check a signed document" })).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: /^Verification code/ }), "7kq2m-9xh4t");
    await user.click(screen.getByRole("button", { name: "Check the code" }));
    expect(
      await screen.findByText("This is the document the portal holds: Educational services contract"),
    ).toBeTruthy();
    expect(screen.getByText(/Signed by María Loor \(Legal representative 1\) on 07\/12\/2026/)).toBeTruthy();
    expect(screen.getByText("Sealed by the school: yes")).toBeTruthy();
    expect(api.to("POST /api/document-checks/code")[0]?.body).toEqual({ code: "7kq2m-9xh4t" });

    api.answer(
      "POST /api/document-checks/code",
      apiError(404, "DOCUMENT_CHECK_NOT_FOUND", "The portal holds no signed document with this code or this content"),
    );
    await user.click(screen.getByRole("button", { name: "Check the code" }));
    expect(await screen.findByText("No document with this code or this content")).toBeTruthy();
    expect(screen.queryByText(/This is the document the portal holds/)).toBeNull();
  });

  it("checks a chosen PDF by its bytes", async () => {
    const api = stubApi({ "POST /api/document-checks/pdf": ok({ ...found, sealed: false }) });
    const user = await open();
    expect(screen.getByRole("button", { name: /^Signed PDF/ })).toBeTruthy();
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(["%PDF-1.7"], "contrato.pdf", { type: "application/pdf" }),
    );
    expect(await screen.findByText("Sealed by the school: no")).toBeTruthy();
    expect(((api.to("POST /api/document-checks/pdf")[0]!.body as FormData).get("file") as File).name).toBe(
      "contrato.pdf",
    );
  });
});
