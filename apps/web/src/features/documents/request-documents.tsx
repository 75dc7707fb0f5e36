import { Anchor, Badge, Divider, Drawer, List, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { useRequestDocuments } from "./documents-api.ts";
import { HandInRow } from "./hand-in-row.tsx";

/**
 * One request's documents (a drawer over the list: focus moves in and back to the row's button
 * on close): the generated PDFs and the family's uploads as links where the role may open them,
 * and the hand-in checklist.
 */
export function RequestDocumentsDrawer({
  requestId,
  canEdit,
  onClose,
}: {
  requestId: number | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const documents = useRequestDocuments(requestId);
  const data = documents.data;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const noAccess = (
    <Text span size="sm" c="dimmed">
      {t("documentsPage:detail.noAccess")}
    </Text>
  );

  return (
    <Drawer
      opened={requestId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        data
          ? t("documentsPage:detail.title", { code: data.item.code, student: data.item.studentName })
          : t("documentsPage:title")
      }
      closeButtonProps={{ "aria-label": t("documentsPage:detail.back") }}
    >
      {documents.isPending ? <PageLoader /> : null}
      {documents.isError ? <LoadErrorAlert error={documents.error} onRetry={() => void documents.refetch()} /> : null}
      {data ? (
        <Stack gap="md">
          <Text size="sm" component="div">
            {t("documentsPage:detail.due", { sent: date(data.item.sentAt), due: date(data.item.dueAt) })}{" "}
            {data.item.overdue ? <Badge color="red">{t("documentsPage:overdue")}</Badge> : null}
          </Text>
          <Title order={3} size="h5">
            {t("documentsPage:detail.generated")}
          </Title>
          <List>
            {data.generated.map((pdf) => (
              <List.Item key={pdf.kind}>
                {pdf.href ? (
                  <Anchor href={pdf.href}>{t(`documentsPage:detail.${pdf.kind}`)}</Anchor>
                ) : (
                  <>
                    {t(`documentsPage:detail.${pdf.kind}`)} — {noAccess}
                  </>
                )}
              </List.Item>
            ))}
          </List>
          <Title order={3} size="h5">
            {t("documentsPage:detail.uploads")}
          </Title>
          {data.uploads.length === 0 ? (
            <Text size="sm">{t("documentsPage:detail.noUploads")}</Text>
          ) : (
            <List>
              {data.uploads.map((upload) => (
                <List.Item key={upload.id}>
                  {upload.href ? (
                    <>
                      <Anchor href={upload.href} target="_blank" rel="noopener">
                        {upload.name}
                      </Anchor>
                      {upload.originalHref ? (
                        <>
                          {" · "}
                          <Anchor href={upload.originalHref} download>
                            {t("documentsPage:detail.original", { name: upload.name })}
                          </Anchor>
                        </>
                      ) : null}
                    </>
                  ) : (
                    <>
                      {upload.name} — {noAccess}
                    </>
                  )}
                </List.Item>
              ))}
            </List>
          )}
          <Divider />
          <Title order={3} size="h5">
            {t("documentsPage:detail.checklist")}
          </Title>
          {canEdit ? null : <Text size="sm">{t("documentsPage:detail.readOnly")}</Text>}
          {data.handIn.map((state) => (
            <HandInRow
              key={`${state.item}-${state.version}`}
              requestId={data.item.id}
              state={state}
              canEdit={canEdit}
            />
          ))}
        </Stack>
      ) : null}
    </Drawer>
  );
}
