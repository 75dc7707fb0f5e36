import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { hasErrorCode, isApiError } from "../../lib/api-error.ts";
import { downloadMedicalPdf } from "./medical-records-api.ts";

/** "Print PDF for this level": the spec's waiting message while it is made, the error said if it fails. */
export function PrintPdfButton({ query, level }: { query: string; level: string | null }) {
  const { t } = useTranslation();
  const print = useMutation({
    mutationFn: (args: { query: string; level: string }) => downloadMedicalPdf(args.query, args.level),
  });
  const message = hasErrorCode(print.error, "FILE_NOT_FOUND")
    ? t("errors:FILE_NOT_FOUND")
    : isApiError(print.error)
      ? print.error.message
      : t("errors:INTERNAL");
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        onClick={() => level && print.mutate({ query, level })}
        disabled={!level}
        loading={print.isPending}
        variant="filled"
      >
        {t("medicalRecords:print")}
      </Button>
      {!level ? (
        <Text size="sm" c="dimmed">
          {t("medicalRecords:printHint")}
        </Text>
      ) : null}
      {print.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t("medicalRecords:generating")}</Text>
        </Group>
      ) : null}
      {print.isError ? (
        <Alert color="red" role="alert" title={t("medicalRecords:printFailed")}>
          {message}
        </Alert>
      ) : null}
    </Stack>
  );
}
