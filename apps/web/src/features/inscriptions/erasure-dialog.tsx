import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text, TextInput, Title } from "@mantine/core";
import type { ErasurePreview, ErasureResult, ErasureScope } from "@portal/shared/schemas/erasure";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { comparableName, runErasure, useErasurePreview } from "./erasure-api.ts";

interface ErasureDialogProps {
  requestId: number;
  opened: boolean;
  onClose: () => void;
  onErased: (result: ErasureResult) => void;
}

function Items({ items, kept }: { items: ErasurePreview["removed"] | ErasurePreview["kept"]; kept: boolean }) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={4}>
      {items.map((entry) => (
        <List.Item key={entry.item}>
          {t(`inscriptions:erasure.item.${entry.item}`, { count: entry.count })}
          {"reason" in entry ? ` — ${t(`inscriptions:erasure.reason.${entry.reason}`)}` : null}
        </List.Item>
      ))}
      {items.length === 0 ? (
        <List.Item>{t(kept ? "inscriptions:erasure.keptNone" : "inscriptions:erasure.removedNone")}</List.Item>
      ) : null}
    </List>
  );
}

/**
 * Erasure at the family's request (docs/rules/data-protection.md "Erasure"): what goes, what stays
 * and why, then the child's name typed to confirm; nothing happens before that.
 */
export function ErasureDialog({ requestId, opened, onClose, onErased }: ErasureDialogProps) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<ErasureScope>("applicant");
  const [typed, setTyped] = useState("");
  const preview = useErasurePreview(requestId, scope, opened);
  const erase = useMutation({
    mutationFn: () => runErasure(requestId, { scope, confirmName: typed }),
    onSuccess: onErased,
  });
  const data = preview.data;
  const matches = data !== undefined && comparableName(typed) === comparableName(data.studentName);
  return (
    <Modal opened={opened} onClose={onClose} title={t("inscriptions:erasure.title")} centered size="lg">
      {data ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (matches && !data.nothingToErase) erase.mutate();
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t("inscriptions:erasure.intro", { name: data.studentName })}</Text>
            {data.familyErasable ? (
              <Checkbox
                label={t("inscriptions:erasure.wholeFamily")}
                checked={scope === "family"}
                onChange={(event) => setScope(event.currentTarget.checked ? "family" : "applicant")}
              />
            ) : null}
            <Title order={2} size="h5">
              {t("inscriptions:erasure.removedTitle")}
            </Title>
            <Items items={data.removed} kept={false} />
            <Title order={2} size="h5">
              {t("inscriptions:erasure.keptTitle")}
            </Title>
            <Items items={data.kept} kept />
            {data.nothingToErase ? (
              <Alert color="blue">{t("errors:ERASURE_NOTHING_LEFT")}</Alert>
            ) : (
              <TextInput
                label={t("inscriptions:erasure.confirmLabel", { name: data.studentName })}
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                autoComplete="off"
                data-autofocus
              />
            )}
            <FormErrorAlert error={erase.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t("common:actions.cancel")}
              </Button>
              <Button type="submit" color="red" disabled={!matches || data.nothingToErase} loading={erase.isPending}>
                {t("inscriptions:erasure.confirm")}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : preview.isError ? (
        <LoadErrorAlert error={preview.error} onRetry={() => void preview.refetch()} />
      ) : (
        <PageLoader />
      )}
    </Modal>
  );
}
