import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { type FamilyElection, receiptCheckSchema } from "@portal/shared/schemas/elections";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { electionTitle } from "./election-format.ts";
import { checkReceipt } from "./elections-api.ts";

/**
 * A published election's receipt check: the voter types the code they got and the page says only
 * that their ballot is counted in this election (docs/rules/elections.md "Receipts and one vote").
 */
export function ReceiptCheck({ election }: { election: FamilyElection }) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState("");
  const [invalid, setInvalid] = useState(false);
  const headingId = useId();
  const check = useMutation({ mutationFn: (receiptCode: string) => checkReceipt(election.id, receiptCode) });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = receiptCheckSchema.safeParse({ receiptCode: code });
    setInvalid(!parsed.success);
    if (parsed.success) check.mutate(parsed.data.receiptCode);
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Text fw={600} id={headingId}>
        {t("elections:family.receiptCheck.title")}
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t("elections:family.receiptCheck.code")}
            description={t("elections:family.receiptCheck.hint")}
            value={code}
            maxLength={40}
            autoComplete="off"
            ff="monospace"
            error={invalid ? t("validation:election.receipt") : undefined}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              check.reset();
            }}
          />
          <Button type="submit" loading={check.isPending}>
            {t("elections:family.receiptCheck.submit")}
          </Button>
        </Group>
      </form>
      {check.data ? (
        <Alert color="green" role="status" data-testid="receipt-counted">
          {t("elections:family.receiptCheck.counted", { title: electionTitle(election, i18n.language) })}
        </Alert>
      ) : null}
      {check.error ? <FormErrorAlert error={check.error} /> : null}
    </Stack>
  );
}
