import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, signedInSession } from "../../test/render.tsx";
import { SchoolCertificatePanel } from "./school-certificate-panel.tsx";

const certificate = {
  subject: "CN=Unidad Educativa, O=Unidad Educativa, C=EC",
  issuer: "CN=Security Data Sub CA, C=EC",
  serial: "0A1B",
  validFrom: "2026-01-01T00:00:00.000Z",
  validTo: "2028-01-01T12:00:00.000Z",
  uploadedAt: "2026-12-07T10:00:00.000Z",
  uploadedBy: "Ana Admin",
};

async function open() {
  await renderScreen(<SchoolCertificatePanel />, {
    session: signedInSession("en", "Admin"),
    language: "en",
    namespaces: ["schoolDocuments"],
  });
  return userEvent.setup();
}

const p12 = () => new File([new Uint8Array([0x30, 0x82, 0x01])], "colegio.p12", { type: "application/x-pkcs12" });

describe("Settings › Documents, the school certificate", () => {
  it("says what the PDFs carry without one, uploads one with its password and shows the server's refusal", async () => {
    const api = stubApi({
      "GET /api/settings/school-certificate": ok({ certificate: null }),
      "PUT /api/settings/school-certificate": apiError(
        400,
        "CERTIFICATE_WRONG_PASSWORD",
        "The password does not open this certificate",
      ),
    });
    const user = await open();
    expect(await screen.findByText("Without a certificate the signed PDFs carry the evidence page only.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Upload the certificate" }));
    expect(await screen.findByText("Choose the certificate file")).toBeTruthy();
    expect(api.to("PUT /api/settings/school-certificate")).toHaveLength(0);

    // Mantine's FileInput is a button named by its label, over a hidden file input.
    expect(screen.getByRole("button", { name: /^Certificate file \(\.p12 or \.pfx\)/ })).toBeTruthy();
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, p12());
    await user.type(screen.getByLabelText(/^Certificate password/), "clave");
    await user.click(screen.getByRole("button", { name: "Upload the certificate" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The password does not open this certificate");
    const sent = api.to("PUT /api/settings/school-certificate")[0]!.body as FormData;
    expect(sent.get("password")).toBe("clave");
    expect((sent.get("file") as File).name).toBe("colegio.p12");

    api.answer("PUT /api/settings/school-certificate", ok({ certificate }));
    await user.click(screen.getByRole("button", { name: "Upload the certificate" }));
    const facts = await screen.findByTestId("school-certificate-facts");
    expect(facts.textContent).toContain("CN=Unidad Educativa, O=Unidad Educativa, C=EC");
    expect(facts.textContent).toContain("CN=Security Data Sub CA, C=EC");
    expect(facts.textContent).toContain("01/01/2028");
  });

  it("removes the certificate only once confirmed", async () => {
    const api = stubApi({
      "GET /api/settings/school-certificate": ok({ certificate }),
      "DELETE /api/settings/school-certificate": ok({ certificate: null }),
    });
    const user = await open();
    await user.click(await screen.findByRole("button", { name: "Remove the certificate" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove the certificate?" });
    await user.click(within(dialog).getByRole("button", { name: "No" }));
    expect(api.to("DELETE /api/settings/school-certificate")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Remove the certificate" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(api.to("DELETE /api/settings/school-certificate")).toHaveLength(1));
    expect(await screen.findByText("Without a certificate the signed PDFs carry the evidence page only.")).toBeTruthy();
  });
});
