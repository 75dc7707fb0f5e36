import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { type KeyboardEvent, type Ref, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * A password input whose show/hide button is reachable by keyboard and named: Mantine
 * leaves it out of the tab order and hidden from screen readers. Enter toggles it as Space does.
 */
export function PasswordField({ ref, ...props }: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      ref={ref}
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        tabIndex: 0,
        "aria-label": visible ? t("common:passwordToggle.hide") : t("common:passwordToggle.show"),
        onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          setVisible((shown) => !shown);
        },
      }}
    />
  );
}
