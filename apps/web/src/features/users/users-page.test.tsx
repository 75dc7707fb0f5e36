import type { SessionInfo } from "@portal/shared/schemas/responses";
import type { UserListItem } from "@portal/shared/schemas/users";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ok, stubApi } from "../../test/fetch-stub.ts";
import { renderScreen, SIGNED_OUT } from "../../test/render.tsx";
import { UsersPage } from "./users-page.tsx";

const account = (id: number, names: string, surnames: string, role: UserListItem["role"]): UserListItem => ({
  id,
  names,
  surnames,
  email: `${names.toLowerCase()}@example.org`,
  role,
  language: "es",
  state: "active",
  createdAt: "2026-09-01T10:00:00.000Z",
  lastLoginAt: null,
});
const ADMIN = account(1, "Ana", "Pérez", "Admin");
const EDITOR = account(2, "Luis", "Mora", "Editor");
const SESSION: SessionInfo = {
  ...SIGNED_OUT,
  user: {
    id: ADMIN.id,
    email: ADMIN.email,
    firstSurname: "Pérez",
    secondSurname: "",
    names: "Ana",
    phone: "",
    language: "es",
    role: "Admin",
    isTestData: false,
  },
};

async function openUsers() {
  const api = stubApi({
    "GET /api/users": ok({ items: [ADMIN, EDITOR], total: 2, page: 1, pageSize: 25 }),
    "PUT /api/users/2/role": ok({ id: 2, role: "Secretaria" }),
  });
  await renderScreen(<UsersPage />, { path: "/portal/settings/users", session: SESSION, namespaces: ["users"] });
  const select = (await screen.findByRole("combobox", { name: "Rol de Luis Mora" })) as HTMLSelectElement;
  return { api, select, user: userEvent.setup() };
}

describe("users list: the role select", () => {
  it("asks before changing a role, and sends nothing when the Admin cancels", async () => {
    const { api, select, user } = await openUsers();
    await user.selectOptions(select, "Secretaría");

    const dialog = await screen.findByRole("dialog", { name: "¿Cambiar el rol?" });
    expect(within(dialog).getByText("Luis Mora pasará a ser Secretaría y deberá ingresar de nuevo.")).toBeTruthy();
    expect(api.to("PUT /api/users/2/role")).toHaveLength(0);

    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.to("PUT /api/users/2/role")).toHaveLength(0);
    // The select still shows the role the account has.
    expect(select.value).toBe("Editor");
  });

  it("changes the role once confirmed, and reads the list again", async () => {
    const { api, select, user } = await openUsers();
    await user.selectOptions(select, "Secretaría");
    const dialog = await screen.findByRole("dialog", { name: "¿Cambiar el rol?" });
    await user.click(within(dialog).getByRole("button", { name: "Confirmar" }));

    await waitFor(() => expect(api.to("PUT /api/users/2/role")).toHaveLength(1));
    expect(api.to("PUT /api/users/2/role")[0]?.body).toEqual({ role: "Secretaria" });
    await waitFor(() => expect(api.to("GET /api/users")).toHaveLength(2));
  });

  it("offers no role change on the Admin's own account", async () => {
    await openUsers();
    const own = screen.getByRole("combobox", { name: "Rol de Ana Pérez" }) as HTMLSelectElement;
    expect(own.disabled).toBe(true);
  });
});
