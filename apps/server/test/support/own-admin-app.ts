import { createOwnDatabase, type OwnDatabase } from "./own-database.ts";
import { createTestApp, signedInAs, type TestApp } from "./test-app.ts";

export type Admin = Awaited<ReturnType<typeof signedInAs>>;

/**
 * A test app on a database of its own with an Admin signed in (in English), for a spec that changes
 * school-wide settings. `closeOwnAdminApp` closes the app and drops the database.
 */
export async function openOwnAdminApp(label: string): Promise<{ own: OwnDatabase; t: TestApp; admin: Admin }> {
  const own = await createOwnDatabase(label);
  let t: TestApp | undefined;
  try {
    t = await createTestApp(own.env);
    return { own, t, admin: await signedInAs(t, "Admin", { language: "en" }) };
  } catch (error) {
    await closeOwnAdminApp({ own, t });
    throw error;
  }
}

export async function closeOwnAdminApp(app: { own?: OwnDatabase; t?: TestApp }): Promise<void> {
  await app.t?.close();
  await app.own?.drop();
}
