import { Alert, List, Text } from "@mantine/core";
import type { DocumentCheckResult } from "@portal/shared/schemas/document-checks";
import { useTranslation } from "react-i18next";
import { formatInstant } from "../../lib/dates.ts";

/** The checker's answer: the document the portal holds, who signed it and when; nothing else. */
export function DocumentCheckFound({ result }: { result: DocumentCheckResult }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert color="green" role="status" title={t("signing:check.found", { title: result.title })}>
      <List size="sm" spacing={4}>
        {result.signers.map((signer) => (
          <List.Item key={signer.role}>
            {t("signing:check.signedBy", {
              name: signer.name,
              role: t(`signing:role.${signer.role}`),
              when: formatInstant(signer.signedAt, i18n.language),
            })}
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        {t("signing:check.completed", { when: formatInstant(result.completedAt, i18n.language) })}
      </Text>
      <Text size="sm">{t(result.sealed ? "signing:check.sealedYes" : "signing:check.sealedNo")}</Text>
    </Alert>
  );
}
