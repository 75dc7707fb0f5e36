import { Suspense, useState } from "react";
import { lazyScreen } from "../../../app/lazy-screen.ts";
import { PageLoader } from "../../../components/ui/page-loader.tsx";
import { hasErrorCode } from "../../../lib/api-error.ts";
import { useValidationText } from "../../../lib/use-validation-text.ts";

// Loaded only when the server asks for it: the login route's weight (docs/web.md) stays as it was.
const CaptchaField = lazyScreen(async () => (await import("./captcha-field.tsx")).CaptchaField);

/**
 * The "I'm not a robot" box of the forms that send a link by e-mail (forgot-password, resend
 * activation): hidden until the server answers that it wants one (several requests from this
 * network or for this address: docs/security.md, "Throttling and captcha"), then shown and sent along.
 */
export function useLinkCaptcha() {
  const [needed, setNeeded] = useState(false);
  const [value, setValue] = useState("");
  const [missing, setMissing] = useState(false);
  const errorText = useValidationText();
  return {
    /** False (and the box says so) when the box is shown but not solved yet. */
    ready(): boolean {
      setMissing(needed && value === "");
      return !needed || value !== "";
    },
    /** What to send: the solved payload, or nothing. */
    payload: value === "" ? undefined : value,
    /** After each answer: a solved captcha is accepted once; the server's captcha errors show the box. */
    answered(error?: unknown): void {
      setValue("");
      if (hasErrorCode(error, "EMAIL_LINK_CAPTCHA_REQUIRED", "CAPTCHA_INVALID")) setNeeded(true);
    },
    field: needed ? (
      <Suspense fallback={<PageLoader />}>
        <CaptchaField
          value={value}
          onChange={(next) => {
            setValue(next);
            if (next !== "") setMissing(false);
          }}
          error={missing ? errorText("validation.captchaRequired") : undefined}
        />
      </Suspense>
    ) : null,
  };
}
