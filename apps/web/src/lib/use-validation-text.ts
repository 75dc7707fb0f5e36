import { useTranslation } from "react-i18next";
import { translateValidationMessage } from "./validation-message.ts";

/** Text for a form field's error, whether it came from a shared schema key or from the server. */
export function useValidationText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => translateValidationMessage(message, (key) => t(key));
}
