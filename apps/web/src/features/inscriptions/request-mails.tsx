import { Badge, Button, Stack, Table, Text } from "@mantine/core";
import type { MailStatus } from "@portal/shared/mail";
import type { RequestMail } from "@portal/shared/schemas/request-mails";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { isApiError } from "../../lib/api-error.ts";
import { confirm } from "../../lib/confirm.tsx";
import { notifyError, notifySuccess } from "../../lib/toasts.ts";
import { formatDateTime } from "./format.ts";
import { mailsQueryKey, resendMail, useRequestMails } from "./requests-api.ts";

const STATUS_COLOR: Record<MailStatus, string> = { pending: "yellow", sent: "green", failed: "red" };

function MailState({ mail }: { mail: RequestMail }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={2}>
      <Badge color={STATUS_COLOR[mail.status]} variant="light" style={{ textTransform: "none" }}>
        {t(`inscriptions:mails.status.${mail.status}`)}
      </Badge>
      {mail.status === "sent" ? (
        <Text size="xs" c="dimmed">
          {formatDateTime(mail.sentAt, i18n.language)}
        </Text>
      ) : null}
      {mail.status === "pending" && mail.attempts > 0 ? (
        <Text size="xs" c="dimmed">
          {t("inscriptions:mails.retry", {
            count: mail.attempts,
            at: formatDateTime(mail.nextAttemptAt, i18n.language),
          })}
        </Text>
      ) : null}
      {mail.lastError ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {t("inscriptions:mails.lastError", { error: mail.lastError })}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The e-mails the family was sent about this request and where each delivery stands;
 * a mail waiting for the mail server is retried by the portal by itself, a sent or failed one can
 * be sent again (a copy, after a confirmation).
 */
export function RequestMails({ requestId, canResend }: { requestId: number; canResend: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const mails = useRequestMails(requestId);
  const resend = useMutation({
    mutationFn: (mailId: number) => resendMail(requestId, mailId),
    onSuccess: (saved) => {
      queryClient.setQueryData(mailsQueryKey(requestId), saved);
      notifySuccess(t("inscriptions:mails.resent"));
    },
    onError: (error) => notifyError(isApiError(error) ? error.message : t("errors:INTERNAL")),
  });

  const askResend = async (mail: RequestMail) => {
    const confirmed = await confirm({
      title: t("inscriptions:mails.resendTitle"),
      text: t("inscriptions:mails.resendText", { subject: mail.subject, to: mail.to }),
      confirmLabel: t("inscriptions:mails.resend"),
      cancelLabel: t("common:actions.cancel"),
    });
    if (confirmed) resend.mutate(mail.id);
  };

  if (mails.isError) return <LoadErrorAlert error={mails.error} onRetry={() => void mails.refetch()} />;
  if (!mails.data) return <Text size="sm">{t("common:loading")}</Text>;
  if (mails.data.mails.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("inscriptions:mails.empty")}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label={t("inscriptions:mails.title")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("inscriptions:mails.when")}</Table.Th>
            <Table.Th>{t("inscriptions:mails.to")}</Table.Th>
            <Table.Th>{t("inscriptions:mails.subject")}</Table.Th>
            <Table.Th>{t("inscriptions:mails.state")}</Table.Th>
            {canResend ? <Table.Th>{t("inscriptions:mails.actions")}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.data.mails.map((mail) => (
            <Table.Tr key={mail.id}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(mail.createdAt, i18n.language)}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{mail.to}</Table.Td>
              <Table.Td>
                <Text size="sm">{mail.subject}</Text>
                <Text size="xs" c="dimmed">
                  {t(`inscriptions:mails.kind.${mail.kind}`)}
                  {mail.resentFrom ? ` · ${t("inscriptions:mails.copy")}` : ""}
                </Text>
              </Table.Td>
              <Table.Td>
                <MailState mail={mail} />
              </Table.Td>
              {canResend ? (
                <Table.Td>
                  {mail.status === "pending" ? null : (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => void askResend(mail)}
                      loading={resend.isPending && resend.variables === mail.id}
                      disabled={resend.isPending}
                      aria-label={t("inscriptions:mails.resendTo", { to: mail.to, subject: mail.subject })}
                    >
                      {t("inscriptions:mails.resend")}
                    </Button>
                  )}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
