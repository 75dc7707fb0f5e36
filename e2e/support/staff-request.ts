import { type Browser, expect } from "@playwright/test";
import { signIn } from "./session.ts";
import { sendNewFile } from "./wizard.ts";

/**
 * A family (familia1 unless told) fills and sends one file through the API, for a student named
 * `names Pérez <tag>`; answers the request's id, read as the secretary from the list by the tag.
 */
export async function sendFileForStaff(
  browser: Browser,
  opts: { names: string; tag: string; family?: string },
): Promise<number> {
  const family = await browser.newContext({ locale: "en-US" });
  const page = await family.newPage();
  await signIn(page, opts.family ?? "familia1@demo.local", { path: null });
  await sendNewFile(page, { studentFile: { names: opts.names, firstName: "Pérez", secondName: opts.tag } });
  await family.close();

  const staff = await browser.newContext({ locale: "en-US" });
  const staffPage = await staff.newPage();
  await signIn(staffPage, "secretaria@demo.local", { path: null });
  const list = await staffPage.request.get(`/api/requests?q=${opts.tag}`);
  const { items } = (await list.json()) as { items: { id: number }[] };
  expect(items).toHaveLength(1);
  await staff.close();
  return items[0]?.id ?? 0;
}
