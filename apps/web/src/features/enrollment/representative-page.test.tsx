import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { catalog, FILE, renderWizardStep } from "../../test/enrollment-step.tsx";
import { ok } from "../../test/fetch-stub.ts";
import { FirstRepresentativePage, SecondRepresentativePage } from "./representative-page.tsx";

const STUDENT_CEDULA = "1714307103";
const SAVED_REPRESENTATIVE = {
  typeRepresentative: 1,
  isAccountHolder: false,
  civilStatus: "MARRIED",
  isLegalRepresentative: true,
  relationshipStudentCode: "MOTHER",
  prefix: "Sra.",
  firstName: "Loor",
  names: "Carmen",
  photoFileId: 3,
  birthDate: "1985-06-01",
  birthCountry: "EC",
  birthCity: "Guayaquil",
  primaryNationality: "EC",
  email: "carmen@example.ec",
  emailConfirmation: "carmen@example.ec",
  countryResidence: "EC",
  cityResidence: "Quito",
  address: "Av. 6 de Diciembre N30-10",
  cellPhone: "0991234567",
  cellPhoneConfirmation: "0991234567",
  professionalSituation: "EMPLOYED",
  nameEmployer: "Banco del Pacífico",
  countryWork: "EC",
  cityWork: "Quito",
  categoryWork: "PCS3",
  shareContacts: false,
  documentFileId: 4,
  legalBackingFileId: 5,
  typeIdentification: 1,
  documentNumber: "0912345675",
  formerStudent: false,
};
const CATALOGS = {
  civilStatus: catalog(["MARRIED", "Casado(a)"], ["SINGLE", "Soltero(a)"]),
  relationships: catalog(["MOTHER", "Madre"], ["FATHER", "Padre"]),
  prefixes: catalog(["Sra.", "Sra."], ["Sr.", "Sr."]),
  professionalSituations: catalog(["EMPLOYED", "Empleado(a)"]),
  socioProfessionalCategories: catalog(["PCS3", "Cuadros"]),
  countries: catalog(["EC", "Ecuador"]),
  nationalities: catalog(["EC", "Ecuatoriana"]),
  identificationTypes: catalog(["1", "Cédula"], ["2", "Pasaporte"]),
};
const stepApi = (step: string) => `PUT /api/enrollment/files/${FILE.id}/steps/${step}`;

function openFirst(saved: Record<string, unknown> | null, emailGivenByAnotherFamily?: boolean) {
  return renderWizardStep(<FirstRepresentativePage />, {
    path: "/portal/inscripciones/primer-representante-legal",
    next: "/portal/inscripciones/segundo-representante-legal",
    steps: {
      firstRepresentative: { data: saved, completed: saved !== null, emailGivenByAnotherFamily },
      secondRepresentative: { data: null },
      studentFile: { data: { documentNumber: STUDENT_CEDULA, typeIdentification: 1 }, completed: true },
      authorizedPersons: { data: null },
    },
    catalogs: CATALOGS,
  });
}

const save = () => screen.getByRole("button", { name: "Guardar y continuar" });
const documentNumber = () => screen.findByRole("textbox", { name: /Número de documento/ });

describe("wizard, first representative step", () => {
  it("says a confirmation that differs from the e-mail at once, with the other missing fields, and saves nothing", async () => {
    const { api } = await openFirst(SAVED_REPRESENTATIVE);
    const user = userEvent.setup();
    const confirmation = await screen.findByRole("textbox", { name: /Confirme el correo electrónico/ });
    await user.clear(confirmation);
    await user.type(confirmation, "carmen@example.com");
    // A required field left empty too: the schema checks the confirmations only once the rest is valid.
    await user.clear(screen.getByRole("textbox", { name: /Ciudad de nacimiento/ }));
    await user.click(save());

    expect(await screen.findByText("Complete todos los campos obligatorios del formulario")).toBeTruthy();
    expect(screen.getByText("Los correos electrónicos no coinciden")).toBeTruthy();
    expect(confirmation.getAttribute("aria-invalid")).toBe("true");
    expect(api.to(stepApi("firstRepresentative"))).toHaveLength(0);
  });

  it("refuses the student's own identification number for the representative", async () => {
    const { api } = await openFirst(SAVED_REPRESENTATIVE);
    const user = userEvent.setup();
    const field = await documentNumber();
    await user.clear(field);
    await user.type(field, STUDENT_CEDULA);
    await user.click(save());

    expect(
      await screen.findByText("Este es el número de identificación del alumno: escriba el de esta persona"),
    ).toBeTruthy();
    expect(api.to(stepApi("firstRepresentative"))).toHaveLength(0);
  });

  it("asks before replacing the saved representative by another person, and saves only once confirmed", async () => {
    const { api } = await openFirst(SAVED_REPRESENTATIVE);
    const user = userEvent.setup();
    const field = await documentNumber();
    await user.clear(field);
    await user.type(field, "0102030400");
    await user.click(save());

    let dialog = await screen.findByRole("dialog", { name: "¿Cambiar de representante legal?" });
    await user.click(within(dialog).getByRole("button", { name: "No" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to(stepApi("firstRepresentative"))).toHaveLength(0);

    await user.click(save());
    dialog = await screen.findByRole("dialog", { name: "¿Cambiar de representante legal?" });
    await user.click(within(dialog).getByRole("button", { name: "Sí" }));
    expect(await screen.findByText("Paso siguiente")).toBeTruthy();
    expect(api.to(stepApi("firstRepresentative"))[0]?.body).toMatchObject({
      typeRepresentative: 1,
      documentNumber: "0102030400",
      email: "carmen@example.ec",
    });
  });

  it("saves the same person's corrections without asking", async () => {
    const { api } = await openFirst(SAVED_REPRESENTATIVE);
    const user = userEvent.setup();
    const city = await screen.findByRole("textbox", { name: /Ciudad de nacimiento/ });
    await user.clear(city);
    await user.type(city, "Cuenca");
    await user.click(save());

    expect(await screen.findByText("Paso siguiente")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.to(stepApi("firstRepresentative"))[0]?.body).toMatchObject({ birthCity: "Cuenca" });
  });
});

const SHARED_EMAIL_WARNING =
  "Este correo electrónico ya figura para una persona de otra familia registrada en el colegio. Compruebe que es correcto; el colegio lo verificará.";

describe("wizard, a representative's e-mail another family gives", () => {
  it("is saved, and the step stays open once with the warning under the e-mail; the next save goes on", async () => {
    const { api } = await openFirst(SAVED_REPRESENTATIVE, false);
    const user = userEvent.setup();
    const city = await screen.findByRole("textbox", { name: /Ciudad de nacimiento/ });
    expect(screen.queryByText(SHARED_EMAIL_WARNING)).toBeNull();
    // The server now says another family gives this e-mail.
    api.answer(stepApi("firstRepresentative"), ok({ ...FILE, emailGivenByAnotherFamily: true }));
    await user.clear(city);
    await user.type(city, "Cuenca");
    await user.click(save());

    const warning = await screen.findByText(SHARED_EMAIL_WARNING);
    const email = screen.getByRole("textbox", { name: /^Correo electrónico/ });
    // Under the e-mail field, and read with it.
    expect(email.getAttribute("aria-describedby")).toContain(warning.id);
    expect(screen.queryByText("Paso siguiente")).toBeNull();
    expect(api.to(stepApi("firstRepresentative"))).toHaveLength(1);

    // Checked and kept: the next save goes on.
    await user.click(save());
    expect(await screen.findByText("Paso siguiente")).toBeTruthy();
    expect(api.to(stepApi("firstRepresentative"))).toHaveLength(2);
  });

  it("is shown when the step opens, and no longer once another address is typed", async () => {
    await openFirst(SAVED_REPRESENTATIVE, true);
    const user = userEvent.setup();
    expect(await screen.findByText(SHARED_EMAIL_WARNING)).toBeTruthy();
    const email = screen.getByRole("textbox", { name: /^Correo electrónico/ });
    await user.clear(email);
    await user.type(email, "otra@example.ec");
    await waitFor(() => expect(screen.queryByText(SHARED_EMAIL_WARNING)).toBeNull());
  });
});

describe("wizard, second representative step", () => {
  it("declines a second representative only once confirmed, and then asks why", async () => {
    const { api } = await renderWizardStep(<SecondRepresentativePage />, {
      path: "/portal/inscripciones/segundo-representante-legal",
      next: "/portal/inscripciones/personas-autorizadas",
      steps: {
        firstRepresentative: { data: SAVED_REPRESENTATIVE, completed: true },
        secondRepresentative: { data: null },
        studentFile: { data: { documentNumber: STUDENT_CEDULA, typeIdentification: 1 }, completed: true },
        authorizedPersons: { data: null },
      },
      catalogs: CATALOGS,
    });
    const user = userEvent.setup();
    const decline = await screen.findByRole("radio", { name: /No hay segundo representante legal/ });
    await user.click(decline);
    let dialog = await screen.findByRole("dialog", { name: "¿No registrar un segundo representante legal?" });
    await user.click(within(dialog).getByRole("button", { name: "No" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByRole("textbox", { name: /Motivo/ })).toBeNull();
    expect((screen.getByRole("radio", { name: /Sí, registrar/ }) as HTMLInputElement).checked).toBe(true);

    await user.click(decline);
    dialog = await screen.findByRole("dialog", { name: "¿No registrar un segundo representante legal?" });
    await user.click(within(dialog).getByRole("button", { name: "Sí" }));
    const reason = await screen.findByRole("textbox", { name: /Motivo/ });
    // The person's fields are gone: only the reason is asked.
    expect(screen.queryByRole("textbox", { name: /Número de documento/ })).toBeNull();
    await user.click(save());
    expect(await screen.findByText("Indique por qué no registra un segundo representante legal")).toBeTruthy();
    expect(api.to(stepApi("secondRepresentative"))).toHaveLength(0);

    await user.type(reason, "Patria potestad exclusiva");
    await user.click(save());
    expect(await screen.findByText("Paso siguiente")).toBeTruthy();
    expect(api.to(stepApi("secondRepresentative"))[0]?.body).toEqual({
      declined: true,
      reason: "Patria potestad exclusiva",
    });
  });
});
