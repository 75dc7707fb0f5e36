import { expect, type Page } from "@playwright/test";
import { totpCode } from "./totp.ts";

/** The setup screen's words in the three languages (the person's screen may be in any). */
const KEY = /Key to type by hand|Clave para escribir a mano|Clé à saisir à la main/;
export const CODE_FIELD = /Verification code|Código de verificación|Code de vérification/;
const CONFIRM = /Confirm and continue|Confirmar y continuar|Confirmer et continuer/;
const RECOVERY = /recovery codes|códigos de recuperación|codes de récupération/i;
const SAVED = /I have saved them|Ya los guardé|Je les ai conservés/;

/**
 * A first sign-in that must set up MFA, done as a person would: the key shown on the
 * screen goes into "the app" (the same TOTP library), its code is typed, the recovery codes are
 * acknowledged. Answers the key, for later sign-ins.
 */
export async function setUpMfaOnScreen(
  page: Page,
  /** Runs on the recovery codes' step, before "I have saved them". */
  onCodes?: (codes: string[]) => Promise<void>,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const key = page.getByLabel(KEY);
  await expect(key).toHaveText(/^[A-Z2-7 ]{32,}$/);
  const secret = (await key.innerText()).replace(/\s/g, "");
  await page.getByLabel(CODE_FIELD).fill(totpCode(secret));
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith("/mfa/confirm") && response.ok()),
    page.getByRole("button", { name: CONFIRM }).click(),
  ]);
  // allInnerTexts does not wait: the list is read once the confirmation has rendered its ten codes.
  const codes = page.getByRole("list", { name: RECOVERY }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allInnerTexts();
  await onCodes?.(recoveryCodes);
  await page.getByRole("button", { name: SAVED }).click();
  return { secret, recoveryCodes };
}
