import { Alert, List, NativeSelect, Stack, Text, Title } from "@mantine/core";
import { isLanguage, type Language } from "@portal/shared/languages";
import type { SchoolDocumentAdmin } from "@portal/shared/schemas/school-documents";
import { BUILT_IN_DOCUMENTS } from "@portal/shared/school-documents";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { DocumentEditor } from "./document-editor.tsx";
import { FeesPanel } from "./fees-panel.tsx";
import { RequestPreview } from "./request-preview.tsx";
import { RulePanel } from "./rule-panel.tsx";
import { SchoolCertificatePanel } from "./school-certificate-panel.tsx";
import { SCHOOL_DOCUMENTS_QUERY_KEY, useSchoolDocuments } from "./school-documents-api.ts";

/**
 * Settings › Documents (Admin only; docs/rules/documents.md "The school's own documents"): the
 * session's school year's documents, each edited in three languages with a live preview, saved as
 * a draft and published after a confirmation, previewed with a real request, with the rule of
 * which requests need it; and the year's fees text.
 */
export function SchoolDocumentsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const page = useSchoolDocuments();
  const [selected, setSelected] = useState<number | null>(null);
  const [conflict, setConflict] = useState(false);
  const language: Language = isLanguage(i18n.language) ? i18n.language : "es";

  const reload = () => void queryClient.invalidateQueries({ queryKey: SCHOOL_DOCUMENTS_QUERY_KEY });
  const changed = () => {
    setConflict(false);
    reload();
  };
  const onConflict = () => {
    setConflict(true);
    reload();
  };
  const nameOf = (document: SchoolDocumentAdmin) =>
    (BUILT_IN_DOCUMENTS as readonly string[]).includes(document.key) && document.builtIn
      ? t(`schoolDocuments:names.${document.key}`)
      : (document.draft ?? document.inForce)?.titles[language] || document.key;

  if (!page.data) {
    return page.isError ? <LoadErrorAlert error={page.error} onRetry={() => void page.refetch()} /> : <PageLoader />;
  }
  const documents = page.data.documents;
  const document = documents.find((entry) => entry.id === selected) ?? documents[0];
  const stateOf = (entry: SchoolDocumentAdmin) =>
    [
      entry.inForce
        ? t("schoolDocuments:state.inForce", { number: entry.inForce.number })
        : t("schoolDocuments:state.none"),
      entry.draft ? t("schoolDocuments:state.draft", { number: entry.draft.number }) : null,
    ]
      .filter(Boolean)
      .join(" · ");

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey("settings.documents"))}
      </Title>
      <Text>{t("schoolDocuments:intro")}</Text>
      {conflict ? (
        <Alert color="orange" role="alert" withCloseButton onClose={() => setConflict(false)}>
          {t("schoolDocuments:conflict")}
        </Alert>
      ) : null}
      <NativeSelect
        label={t("schoolDocuments:document")}
        value={String(document?.id ?? "")}
        onChange={(event) => setSelected(Number(event.currentTarget.value))}
        data={documents.map((entry) => ({ value: String(entry.id), label: nameOf(entry) }))}
        maw={420}
      />
      {document ? (
        <>
          <Text size="sm" c="dimmed" data-testid="document-state">
            {stateOf(document)}
            {document.online ? ` · ${t("schoolDocuments:online")}` : ""}
          </Text>
          <DocumentEditor
            key={`${document.id}-${document.version}`}
            document={document}
            name={nameOf(document)}
            onChanged={changed}
            onConflict={onConflict}
          />
          <RequestPreview key={`preview-${document.id}-${document.version}`} document={document} />
          <RulePanel
            key={`rule-${document.id}-${document.version}`}
            document={document}
            onChanged={changed}
            onConflict={onConflict}
          />
          <section aria-labelledby="document-history">
            <Title order={2} size="h4" id="document-history">
              {t("schoolDocuments:history")}
            </Title>
            <List size="sm" mt="xs">
              {document.history.map((version) => (
                <List.Item key={version.id}>
                  {t("schoolDocuments:historyItem", {
                    number: version.number,
                    when: version.publishedAt ? formatInstant(version.publishedAt, i18n.language) : "",
                  })}
                  {version.publishedBy ? ` ${t("schoolDocuments:historyBy", { who: version.publishedBy })}` : ""}
                </List.Item>
              ))}
            </List>
          </section>
        </>
      ) : null}
      <FeesPanel
        key={`fees-${page.data.fees.version}`}
        schoolYearId={page.data.schoolYearId}
        fees={page.data.fees}
        onChanged={changed}
        onConflict={onConflict}
      />
      <SchoolCertificatePanel />
    </Stack>
  );
}
