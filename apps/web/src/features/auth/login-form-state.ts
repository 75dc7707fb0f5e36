import type { LoginInput } from "@portal/shared/schemas/auth";
import { type FormEvent, useCallback, useRef, useState } from "react";
import type { UseFormSetError } from "react-hook-form";
import { retryOnce } from "../../lib/retry-once.ts";
import type { LoginCheck, LoginErrors, LoginField } from "./login-validation.ts";

type Check = (values: unknown) => LoginCheck;

// The shared login schema, with zod, comes in its own chunk once the form is on screen
// (docs/web.md "Forms"). A failed download is retried once, then forgotten so the next submit
// tries again.
let loading: Promise<Check> | null = null;
function loadCheck(): Promise<Check> {
  loading ??= retryOnce(async () => (await import("./login-validation.ts")).checkLogin, 500).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The fields a failed check focuses, in the form's order (as react-hook-form does for the other forms). */
const FOCUS_ORDER: readonly LoginField[] = ["schoolYearId", "email", "password"];

function focusField(form: HTMLFormElement, name: LoginField) {
  const element = form.elements.namedItem(name);
  if (element instanceof HTMLElement) element.focus();
}

/** The typed values as the schema takes them: the inputs are read from the page, not from state. */
function readValues(form: HTMLFormElement, captcha: string): Record<LoginField, unknown> {
  const data = new FormData(form);
  const id = Number(data.get("schoolYearId"));
  return {
    schoolYearId: Number.isInteger(id) && id > 0 ? id : undefined,
    email: String(data.get("email") ?? ""),
    password: String(data.get("password") ?? ""),
    captcha,
  };
}

/**
 * The login form's state without react-hook-form, which is 17 KB gzipped of the login route for
 * one form of four fields (docs/adr/0006-react-19-in-the-browser.md "Decision"). The inputs are
 * uncontrolled (read from the page at submit, so what was typed before the script ran counts too);
 * the captcha's proof is state. Same behaviour as the other forms: checked at submit, then again at each change of a
 * field with a message; the first field with a message takes the focus; the server's per-field
 * messages go under their fields through `setError` (lib/form-errors.ts).
 */
export function useLoginForm(onValid: (input: LoginInput) => void) {
  const [errors, setErrors] = useState<LoginErrors>({});
  const [captcha, setCaptcha] = useState("");
  const [loadFailure, setLoadFailure] = useState<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const latest = useRef(0);

  const setError: UseFormSetError<LoginInput> = useCallback((name, error, options) => {
    const field = name as LoginField;
    setErrors((current) => ({ ...current, [field]: error.message ?? "" }));
    if (options?.shouldFocus && formRef.current) focusField(formRef.current, field);
  }, []);

  /** Re-checks the form after a submit and updates `name`'s message only. */
  const recheck = useCallback(async (name: LoginField, captchaValue: string) => {
    const form = formRef.current;
    if (!submitted.current || !form) return;
    const run = ++latest.current;
    const check = await loadCheck().catch(() => null);
    if (!check || run !== latest.current) return;
    const message = check(readValues(form, captchaValue)).errors?.[name];
    setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    submitted.current = true;
    const run = ++latest.current;
    let check: Check;
    try {
      check = await loadCheck();
      setLoadFailure(null);
    } catch (error) {
      setLoadFailure(error);
      return;
    }
    const result = check(readValues(form, captcha));
    if (run !== latest.current) return;
    if (result.errors) {
      setErrors(result.errors);
      const first = FOCUS_ORDER.find((name) => result.errors[name] !== undefined);
      if (first) focusField(form, first);
      return;
    }
    setErrors({});
    onValid(result.data);
  };

  /** A typed change, caught on the form as it bubbles from its input. */
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: string }).name;
    if (name === "schoolYearId" || name === "email" || name === "password") void recheck(name, captcha);
  };

  /** The captcha's proof, as its widget reports it (solved, expired); "" after each answer. */
  const changeCaptcha = useCallback(
    (value: string) => {
      setCaptcha(value);
      void recheck("captcha", value);
    },
    [recheck],
  );

  return {
    formRef,
    errors,
    captcha,
    changeCaptcha,
    clearCaptcha: () => setCaptcha(""),
    setError,
    loadFailure,
    onSubmit,
    onChange,
    preload: () => void loadCheck().catch(() => undefined),
  };
}
