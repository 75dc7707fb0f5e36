import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { catalog, FILE, fileContext, renderWizardStep } from "../../test/enrollment-step.tsx";
import { apiError } from "../../test/fetch-stub.ts";
import { StudentFilePage } from "./student-file-page.tsx";

const SAVED = {
  gender: "F",
  firstName: "Pérez",
  secondName: "Loor",
  names: "Ana Lucía",
  birthDate: "2024-02-10",
  birthCountry: "EC",
  birthCity: "Quito",
  primaryResidence: "Av. Amazonas N24-03, Quito",
  primaryNationality: "EC",
  typeIdentification: 1,
  documentNumber: "1714307103",
  childOfStaff: false,
  identityDocumentFileId: 12,
  emergencyContacts: [{ name: "María Pérez", relationship: "GRANDMOTHER", phone: "+593 99 123 4567" }],
};
const CATALOGS = {
  countries: catalog(["EC", "Ecuador"], ["FR", "Francia"]),
  nationalities: catalog(["EC", "Ecuatoriana"], ["FR", "Francesa"]),
  bloodTypes: catalog(["O+", "O+"]),
  relationships: catalog(["GRANDMOTHER", "Abuela"], ["UNCLE", "Tío"]),
  identificationTypes: catalog(["1", "Cédula"], ["2", "Pasaporte"]),
  levels: catalog(["TPS", "Toute Petite Section"], ["PS", "Petite Section"]),
};
const STEP_API = `/api/enrollment/files/${FILE.id}/steps/studentFile`;

function openStep(saved: Record<string, unknown> | null, context = fileContext()) {
  return renderWizardStep(<StudentFilePage />, {
    path: "/portal/inscripciones/ficha-del-alumno",
    next: "/portal/inscripciones/anio-inscripcion",
    steps: { studentFile: { data: saved, completed: saved !== null } },
    context,
    catalogs: CATALOGS,
  });
}

const save = () => screen.getByRole("button", { name: "Guardar y continuar" });

describe("wizard, student step", () => {
  it("says every missing field at once, the identity document included, and saves nothing", async () => {
    const { api } = await openStep(null);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Guardar y continuar" }));

    expect(await screen.findByText("Complete todos los campos obligatorios del formulario")).toBeTruthy();
    const names = screen.getByRole("textbox", { name: /^Nombres/ });
    expect(names.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Suba el archivo requerido")).toBeTruthy();
    const contact = screen.getByRole("group", { name: "Contacto 1" });
    expect(
      within(contact)
        .getByRole("textbox", { name: /Nombre completo/ })
        .getAttribute("aria-invalid"),
    ).toBe("true");
    expect(api.to(`PUT ${STEP_API}`)).toHaveLength(0);
  });

  it("saves what was typed as the step's body and goes on to the next step", async () => {
    const { api, router } = await openStep(SAVED);
    const user = userEvent.setup();
    const usualName = await screen.findByRole("textbox", { name: "Nombre de uso" });
    await user.type(usualName, "Anita");
    await user.click(save());

    expect(await screen.findByText("Paso siguiente")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/portal/inscripciones/anio-inscripcion");
    const [sent] = api.to(`PUT ${STEP_API}`);
    expect(sent?.body).toMatchObject({ ...SAVED, usualName: "Anita" });
    // Optional choices left empty are not sent as "".
    expect(sent?.body).not.toHaveProperty("secondaryNationality");
  });

  it("asks before saving a birth date far from the level's usual age, and saves only once confirmed", async () => {
    const { api } = await openStep(SAVED, fileContext({ requestedLevel: "TPS", birthDate: SAVED.birthDate }));
    const user = userEvent.setup();
    const birthDate = await screen.findByRole("textbox", { name: /Fecha de nacimiento/ });
    await user.clear(birthDate);
    await user.type(birthDate, "14/03/2015");
    await user.tab();
    await user.click(save());

    let dialog = await screen.findByRole("dialog", { name: "¿La fecha de nacimiento es correcta?" });
    expect(
      within(dialog).getByText(
        "Los alumnos de Toute Petite Section nacieron normalmente en 2024, y la fecha de nacimiento indicada es de 2015. Confirme que la fecha de nacimiento y el nivel son correctos.",
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Revisar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to(`PUT ${STEP_API}`)).toHaveLength(0);

    await user.click(save());
    dialog = await screen.findByRole("dialog", { name: "¿La fecha de nacimiento es correcta?" });
    await user.click(within(dialog).getByRole("button", { name: "Sí, es correcta" }));
    await waitFor(() => expect(api.to(`PUT ${STEP_API}`)).toHaveLength(1));
    expect(api.to(`PUT ${STEP_API}`)[0]?.body).toMatchObject({ birthDate: "2015-03-14" });
  });

  it("shows the server's message under the field it names, and stays on the step", async () => {
    const { api, router } = await openStep(SAVED);
    api.answer(
      `PUT ${STEP_API}`,
      apiError(400, "VALIDATION_ERROR", "Datos no válidos", {
        documentNumber: "Este número de identificación ya fue ingresado",
      }),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: "Nombre de uso" }), "Anita");
    await user.click(save());

    expect(await screen.findByText("Este número de identificación ya fue ingresado")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /Número de documento/ }).getAttribute("aria-invalid")).toBe("true");
    expect(router.state.location.pathname).toBe("/portal/inscripciones/ficha-del-alumno");
  });
});
