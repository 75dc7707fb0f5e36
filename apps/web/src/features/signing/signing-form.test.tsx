import type { SigningLinkDocument } from "@portal/shared/schemas/signing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen } from "../../test/render.tsx";
import { SigningLinkPage } from "./signing-link-page.tsx";

const SHA_1 = "a".repeat(64);
const SHA_2 = "b".repeat(64);
// A token as the server makes them: 32 random bytes in base64url.
const TOKEN = "k3Jd8sLq0Pz_7x-VbN2mQw4rT9yU1aE6fH5gC0iOjKl";
const LINK = `/api/signing-links/${TOKEN}`;

const linkDocument = (over: Partial<SigningLinkDocument> = {}): SigningLinkDocument => ({
  documentId: 4,
  versionId: 21,
  versionNumber: 2,
  title: "Contrato de servicios educativos",
  blocks: [
    { type: "heading", level: 1, spans: [{ text: "Cláusulas", bold: false, italic: false }] },
    { type: "paragraph", spans: [{ text: "El colegio presta el servicio educativo.", bold: false, italic: false }] },
  ],
  textSha256: SHA_1,
  language: "es",
  signer: { role: "representative2", name: "María José Núñez", identification: "1710034065" },
  alreadySigned: false,
  status: "pending",
  schoolName: "Colegio Andino",
  schoolAddress: "Av. Amazonas 100, Quito",
  requestCode: "2026-0042",
  ...over,
});

async function openLink(api: ReturnType<typeof stubApi>) {
  await renderScreen(<SigningLinkPage />, {
    path: `/sign/${TOKEN}`,
    routes: { "/sign/:token": <SigningLinkPage /> },
    language: "es",
    namespaces: ["signing"],
  });
  expect(await screen.findByRole("heading", { level: 2, name: "Contrato de servicios educativos" })).toBeTruthy();
  expect(api.to(`GET ${LINK}`)).toHaveLength(1);
  return userEvent.setup();
}

const codeField = () => screen.getByRole("textbox", { name: "Código del correo" });
const nameField = () => screen.getByRole("textbox", { name: "Escriba su nombre completo" });
const readBox = () => screen.getByRole("checkbox", { name: "He leído este documento" });
const signButton = () => screen.getByRole("button", { name: "Firmar" });

describe("signing a document online", () => {
  it("checks the code, the name and the box before sending, then signs and says so", async () => {
    const api = stubApi({
      [`GET ${LINK}`]: ok(linkDocument()),
      [`POST ${LINK}/code`]: ok({ sentTo: "m***@example.com", expiresAt: "2026-12-07T15:10:00.000Z", queued: false }),
      [`POST ${LINK}/sign`]: ok({ signedAt: "2026-12-07T15:04:00.000Z" }),
    });
    const user = await openLink(api);
    expect(screen.getByText("El colegio presta el servicio educativo.")).toBeTruthy();
    expect(screen.getByText("Colegio Andino")).toBeTruthy();
    expect(screen.getByText("Solicitud 2026-0042")).toBeTruthy();
    expect(screen.getByTestId("signing-signer").textContent).toBe(
      "Firma como María José Núñez (1710034065), Representante legal 2.",
    );
    // The phone's keyboard offers digits and the e-mailed code.
    expect(codeField().getAttribute("inputmode")).toBe("numeric");
    expect(codeField().getAttribute("autocomplete")).toBe("one-time-code");

    // Nothing filled: each field says what it needs, the code field has the focus, nothing is sent.
    await user.click(signButton());
    expect(await screen.findByText("Escriba las 6 cifras del código del correo")).toBeTruthy();
    expect(screen.getByText("Escriba su nombre completo", { selector: ".mantine-InputWrapper-error" })).toBeTruthy();
    expect(screen.getByText("Marque esta casilla cuando haya leído el documento")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(codeField()));
    expect(api.to(`POST ${LINK}/sign`)).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Enviarme un código" }));
    expect((await screen.findByTestId("signing-code-sent")).textContent).toMatch(
      /^Enviamos un código a m\*\*\*@example\.com\./,
    );
    expect(screen.getByRole("button", { name: "Enviarme un código nuevo" })).toBeTruthy();
    // Only digits stay in the field: a pasted "123 456" is the code.
    await user.type(codeField(), "12a3 456");
    expect((codeField() as HTMLInputElement).value).toBe("123456");
    // Another name than the file's is refused here already.
    await user.type(nameField(), "Maria Nunez");
    await user.click(readBox());
    await user.click(signButton());
    expect(await screen.findByText("Escriba el nombre que figura en la ficha: María José Núñez")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(nameField()));
    expect(api.to(`POST ${LINK}/sign`)).toHaveLength(0);

    // The same name without accents, case or spacing counts.
    await user.clear(nameField());
    await user.type(nameField(), "  maria   jose NUNEZ ");
    await user.click(signButton());
    const result = await screen.findByTestId("signing-result");
    expect(result.textContent).toMatch(/Usted firmó «Contrato de servicios educativos» el 07\/12\/2026/);
    await waitFor(() => expect(document.activeElement).toBe(result));
    expect(api.to(`POST ${LINK}/sign`)[0]?.body).toEqual({
      versionId: 21,
      textSha256: SHA_1,
      code: "123456",
      typedName: "  maria   jose NUNEZ ",
      read: true,
    });
  });

  it("puts the server's refusals where they belong: tries left under the code, a new code after expiry", async () => {
    const api = stubApi({
      [`GET ${LINK}`]: ok(linkDocument()),
      [`POST ${LINK}/code`]: apiError(429, "SIGNING_CODE_TOO_SOON", "Espere un minuto antes de pedir otro código."),
      [`POST ${LINK}/sign`]: apiError(400, "SIGNING_CODE_WRONG", "El código no es correcto. Le quedan 4 intentos."),
    });
    const user = await openLink(api);
    await user.click(screen.getByRole("button", { name: "Enviarme un código" }));
    const tooSoon = await screen.findByRole("alert");
    expect(tooSoon.textContent).toContain("Espere un minuto antes de pedir otro código.");
    await waitFor(() => expect(document.activeElement).toBe(tooSoon));

    await user.type(codeField(), "000000");
    await user.type(nameField(), "María José Núñez");
    await user.click(readBox());
    await user.click(signButton());
    expect(await screen.findByText("El código no es correcto. Le quedan 4 intentos.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(codeField()));
    expect((codeField() as HTMLInputElement).value).toBe("000000");

    api.answer(`POST ${LINK}/sign`, apiError(410, "SIGNING_CODE_EXPIRED", "El código caducó."));
    await user.click(signButton());
    expect(await screen.findByText("El código caducó. Pida un código nuevo con el botón de arriba.")).toBeTruthy();
    expect((codeField() as HTMLInputElement).value).toBe("");
    expect(screen.getByRole("button", { name: "Enviarme un código nuevo" })).toBeTruthy();

    api.answer(`POST ${LINK}/sign`, apiError(429, "SIGNING_CODE_LOCKED", "Cinco códigos incorrectos: pida uno nuevo."));
    await user.type(codeField(), "111111");
    await user.click(signButton());
    expect(await screen.findByText(/^Cinco códigos incorrectos: pida uno nuevo\. Pida un código nuevo/)).toBeTruthy();

    api.answer(
      `POST ${LINK}/sign`,
      apiError(400, "SIGNING_NAME_MISMATCH", "El nombre no coincide con el de la ficha."),
    );
    await user.type(codeField(), "222222");
    await user.click(signButton());
    expect(await screen.findByText("El nombre no coincide con el de la ficha.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(nameField()));
  });

  it("says a code waiting in the outbox may take a few minutes", async () => {
    const api = stubApi({
      [`GET ${LINK}`]: ok(linkDocument()),
      [`POST ${LINK}/code`]: ok({ sentTo: "m***@example.com", expiresAt: "2026-12-07T15:10:00.000Z", queued: true }),
    });
    const user = await openLink(api);
    await user.click(screen.getByRole("button", { name: "Enviarme un código" }));
    expect((await screen.findByTestId("signing-code-sent")).textContent).toBe(
      "El código está en camino a m***@example.com; puede tardar unos minutos.",
    );
  });

  it("shows the new text with a notice when the document changed while it was read", async () => {
    let reads = 0;
    const api = stubApi({
      [`GET ${LINK}`]: () => {
        reads += 1;
        return reads === 1
          ? ok(linkDocument())
          : ok(
              linkDocument({
                versionId: 22,
                versionNumber: 3,
                textSha256: SHA_2,
                blocks: [
                  { type: "paragraph", spans: [{ text: "Nuevo texto del contrato.", bold: false, italic: false }] },
                ],
              }),
            );
      },
      [`POST ${LINK}/sign`]: apiError(409, "SIGNING_DOCUMENT_CHANGED", "El documento cambió."),
    });
    const user = await openLink(api);
    await user.type(codeField(), "123456");
    await user.type(nameField(), "María José Núñez");
    await user.click(readBox());
    await user.click(signButton());
    const notice = await screen.findByTestId("signing-changed");
    expect(within(notice).getByText(/publicó una nueva versión/)).toBeTruthy();
    expect(await screen.findByText("Nuevo texto del contrato.")).toBeTruthy();
    expect(screen.queryByText("El colegio presta el servicio educativo.")).toBeNull();
    expect(screen.getByText("Versión 3")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(notice));
    // A new reading: the box must be ticked again, and the new version is what gets signed.
    expect((readBox() as HTMLInputElement).checked).toBe(false);
    api.answer(`POST ${LINK}/sign`, ok({ signedAt: "2026-12-07T15:06:00.000Z" }));
    await user.type(codeField(), "123456");
    await user.type(nameField(), "María José Núñez");
    await user.click(readBox());
    await user.click(signButton());
    await screen.findByTestId("signing-result");
    expect(api.to(`POST ${LINK}/sign`)[1]?.body).toMatchObject({ versionId: 22, textSha256: SHA_2 });
  });

  it("says an expired link in full, naming the school to ask", async () => {
    stubApi({
      [`GET ${LINK}`]: apiError(410, "SIGNING_LINK_EXPIRED", "Este enlace caducó."),
      "GET /api/public/config": ok({
        branding: { schoolName: "Colegio Andino", logoUrl: "", primaryColor: "#1c7ed6", navColor: "light" },
      }),
    });
    await renderScreen(<SigningLinkPage />, {
      path: `/sign/${TOKEN}`,
      routes: { "/sign/:token": <SigningLinkPage /> },
      language: "es",
      namespaces: ["signing"],
    });
    const gone = await screen.findByTestId("signing-gone");
    expect(within(gone).getByText("Este enlace de firma caducó")).toBeTruthy();
    expect(await within(gone).findByText("Pida a Colegio Andino que le envíe uno nuevo.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Firmar" })).toBeNull();
  });

  it("says a link cut short is not valid, without asking the server", async () => {
    const api = stubApi({
      "GET /api/public/config": ok({
        branding: { schoolName: "Colegio Andino", logoUrl: "", primaryColor: "#1c7ed6", navColor: "light" },
      }),
    });
    await renderScreen(<SigningLinkPage />, {
      path: `/sign/${TOKEN.slice(0, 12)}`,
      routes: { "/sign/:token": <SigningLinkPage /> },
      language: "es",
      namespaces: ["signing"],
    });
    const gone = await screen.findByTestId("signing-gone");
    expect(within(gone).getByText("Este enlace de firma no es válido")).toBeTruthy();
    expect(
      within(gone).getByText("Este enlace de firma no es válido. Verifique que abrió el enlace completo del correo."),
    ).toBeTruthy();
    expect(api.to(`GET /api/signing-links/${TOKEN.slice(0, 12)}`)).toHaveLength(0);
    expect(screen.queryByRole("button", { name: "Firmar" })).toBeNull();
  });
});
