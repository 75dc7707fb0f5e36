import type { SigningState, SigningStateDocument } from "@portal/shared/schemas/signing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, signedInSession } from "../../test/render.tsx";
import { SignaturesPanel } from "./signatures-panel.tsx";

const STATE = "/api/requests/9/signing";
const signer = (role: "representative1" | "representative2" | "school", name: string, signedAt: string | null) => ({
  role,
  name,
  signedAt,
  emailMasked: role === "school" ? null : "r***@example.ec",
  linkSentAt: null,
  canSignHere: false,
  canSendLink: false,
});
const contract = (over: Partial<SigningStateDocument> = {}): SigningStateDocument => ({
  documentId: 4,
  key: "contract",
  title: "Contrato de prestación de servicios educativos",
  status: "awaitingSchool",
  versionNumber: 1,
  version: 3,
  verificationCode: null,
  completedAt: null,
  signers: [
    signer("representative1", "Carmen Loor", "2026-12-07T15:00:00.000Z"),
    signer("representative2", "Jorge Pérez", "2026-12-07T15:05:00.000Z"),
    signer("school", "Colegio Andino", null),
  ],
  ...over,
});
const state = (...documents: SigningStateDocument[]): SigningState => ({ documents });

describe("the request page's Signatures panel", () => {
  it("countersigns only once confirmed, with the version read, then offers the signed PDF", async () => {
    const done = contract({
      status: "complete",
      version: 4,
      verificationCode: "7KQ2M9XW3D",
      completedAt: "2026-12-07T16:00:00.000Z",
    });
    const api = stubApi({
      [`GET ${STATE}`]: ok(state(contract())),
      [`POST ${STATE}/4/countersign`]: ok(state(done)),
    });
    await renderScreen(<SignaturesPanel requestId={9} />, {
      session: signedInSession("es", "Secretaria"),
      namespaces: ["signing"],
    });
    const user = userEvent.setup();
    const document = await screen.findByRole("region", { name: "Contrato de prestación de servicios educativos" });
    expect(within(document).getByText("Falta la firma del colegio")).toBeTruthy();
    expect(within(document).getByText("Representante legal 2, Jorge Pérez:")).toBeTruthy();
    expect(within(document).queryByRole("button", { name: "Enviar un recordatorio de firma" })).toBeNull();

    await user.click(within(document).getByRole("button", { name: "Refrendar por el colegio" }));
    const dialog = await screen.findByRole("dialog", { name: "¿Refrendar por el colegio?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to(`POST ${STATE}/4/countersign`)).toHaveLength(0);

    await user.click(within(document).getByRole("button", { name: "Refrendar por el colegio" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Refrendar por el colegio" }),
    );
    expect(await within(document).findByText("Firmado")).toBeTruthy();
    expect(api.to(`POST ${STATE}/4/countersign`)[0]?.body).toEqual({ version: 3 });
    expect(within(document).getByTestId("signing-verification").textContent).toMatch(/7KQ2M9XW3D$/);
    expect(within(document).getByRole("button", { name: "Descargar el PDF firmado" })).toBeTruthy();
  });

  it("shows Consulta the signers and the evidence, with no reminder or countersignature", async () => {
    const api = stubApi({
      [`GET ${STATE}`]: ok(state(contract({ status: "pending" }))),
      [`GET ${STATE}/4/events`]: ok({
        events: [
          {
            at: "2026-12-07T15:00:00.000Z",
            kind: "signed",
            signerRole: "representative1",
            ip: "203.0.113.7",
            userAgent: "Mozilla/5.0",
            byUser: null,
          },
        ],
      }),
    });
    await renderScreen(<SignaturesPanel requestId={9} />, {
      session: signedInSession("es", "Consulta"),
      namespaces: ["signing"],
    });
    const user = userEvent.setup();
    const document = await screen.findByRole("region", { name: "Contrato de prestación de servicios educativos" });
    expect(within(document).queryByRole("button", { name: "Enviar un recordatorio de firma" })).toBeNull();
    expect(within(document).queryByRole("button", { name: "Refrendar por el colegio" })).toBeNull();
    expect(screen.getByText("Solo lectura: su rol no envía recordatorios ni refrenda.")).toBeTruthy();

    const show = within(document).getByRole("button", { name: "Mostrar la evidencia" });
    expect(show.getAttribute("aria-expanded")).toBe("false");
    await user.click(show);
    const events = await within(document).findByTestId("signing-events");
    expect(events.textContent).toContain("Firmado");
    expect(events.textContent).toContain("Representante legal 1 · IP 203.0.113.7 · Mozilla/5.0");
    expect(api.to(`GET ${STATE}/4/events`)).toHaveLength(1);
  });
});
