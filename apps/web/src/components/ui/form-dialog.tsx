import { Button, Group, Modal, type ModalProps, Stack } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "./form-error-alert.tsx";

interface FormDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps["size"];
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** An error not shown under a field (network, conflict, a code the form does not map). */
  formError: unknown;
  saving: boolean;
  submitLabel: string;
  children: ReactNode;
}

/**
 * A dialog holding one form: its fields, the error no field shows, and Cancel / submit. Fields
 * validate themselves (noValidate leaves it to the schema and the server's answer).
 */
export function FormDialog(props: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      size={props.size}
      centered
      // Mantine's × has no name of its own (axe: button-name).
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
    >
      <form onSubmit={props.onSubmit} noValidate>
        <Stack gap="sm">
          {props.children}
          {props.formError ? <FormErrorAlert error={props.formError} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={props.saving}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
