import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { CATALOG_NAMES, type CatalogName } from "@portal/shared/catalogs";
import type { CatalogAdminItem } from "@portal/shared/schemas/catalog-admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { isApiError } from "../../lib/api-error.ts";
import { confirmAction } from "../../lib/confirm.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { notifySuccess } from "../../lib/toasts.ts";
import {
  deleteCatalogItem,
  refreshCatalogs,
  saveCatalogOrder,
  setCatalogItemDisabled,
  useCatalogAdmin,
} from "./catalog-admin-api.ts";
import { CatalogEntryDialog, type EntryDialogMode } from "./catalog-entry-dialog.tsx";
import { moved } from "./catalog-order.ts";
import { CatalogTable, type RowAction, rowButtonId } from "./catalog-table.tsx";

type Change =
  | { kind: "move"; entry: CatalogAdminItem; index: number; direction: -1 | 1 }
  | { kind: "toggle"; entry: CatalogAdminItem }
  | { kind: "delete"; entry: CatalogAdminItem };

const isCatalogName = (value: string | null): value is CatalogName =>
  value !== null && (CATALOG_NAMES as readonly string[]).includes(value);

/**
 * Settings › Catalogues (Admin only; menu "Catalogues", its up/down buttons being the
 * spec's "organize lists"): the lists the forms offer, one at a time (`?list=` in the URL).
 * Each change is saved at once and refreshes every form's copy of the list; a change someone
 * else made first reloads the list and says so.
 */
export function CatalogAdminPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const listParam = params.get("list");
  const name: CatalogName = isCatalogName(listParam) ? listParam : "relationships";
  const view = useCatalogAdmin(name);
  const [dialog, setDialog] = useState<EntryDialogMode | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const listLabel = t(`catalogAdmin:names.${name}`);
  const labelOf = (entry: CatalogAdminItem) => entry.labels[i18n.language as "es" | "en" | "fr"] ?? entry.labels.es;

  const refresh = () => refreshCatalogs(queryClient, name);
  const conflict = () => {
    setProblem(t("catalogAdmin:conflict"));
    refresh();
  };

  const change = useMutation({
    mutationFn: async (next: Change): Promise<void> => {
      if (next.kind === "move") {
        await saveCatalogOrder(name, moved(view.data?.items ?? [], next.index, next.direction));
      } else if (next.kind === "toggle") {
        await setCatalogItemDisabled(name, next.entry, !next.entry.disabled);
      } else {
        await deleteCatalogItem(name, next.entry);
      }
    },
    onMutate: () => setProblem(null),
    onSuccess: (_, next) => {
      const label = labelOf(next.entry);
      if (next.kind === "move") notifySuccess(t("catalogAdmin:done.moved"));
      else if (next.kind === "delete") notifySuccess(t("catalogAdmin:done.deleted", { label }));
      else
        notifySuccess(t(next.entry.disabled ? "catalogAdmin:done.enabled" : "catalogAdmin:done.disabled", { label }));
    },
    onError: (error) => {
      if (isApiError(error) && error.code === "VERSION_CONFLICT") return conflict();
      // An entry in use, or any other refusal: the server's message stays on the page.
      setProblem(isApiError(error) ? error.message : t("errors:INTERNAL"));
    },
    onSettled: async (_, __, next) => {
      await refreshCatalogs(queryClient, name);
      // The row was redrawn: the keyboard stays on the button that was used (or its neighbour at an end).
      if (next.kind !== "move") return;
      const same = document.getElementById(rowButtonId(next.entry, next.direction === -1 ? "up" : "down"));
      const target =
        same && !same.hasAttribute("disabled")
          ? same
          : document.getElementById(rowButtonId(next.entry, next.direction === -1 ? "down" : "up"));
      target?.focus();
    },
  });

  async function act(entry: CatalogAdminItem, index: number, action: RowAction) {
    if (action === "rename") return setDialog({ kind: "rename", entry });
    if (action === "up" || action === "down") {
      return change.mutate({ kind: "move", entry, index, direction: action === "up" ? -1 : 1 });
    }
    if (action === "toggle") return change.mutate({ kind: "toggle", entry });
    if (await confirmAction("delete", t("catalogAdmin:confirmDelete", { label: labelOf(entry) }))) {
      change.mutate({ kind: "delete", entry });
    }
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey("settings.home"))}
      </Title>
      <Text>{t("catalogAdmin:intro")}</Text>
      <Group align="flex-end" justify="space-between">
        <NativeSelect
          label={t("catalogAdmin:list")}
          value={name}
          data={CATALOG_NAMES.map((value) => ({ value, label: t(`catalogAdmin:names.${value}`) }))}
          onChange={(event) => {
            setProblem(null);
            setParams({ list: event.currentTarget.value });
          }}
          miw={280}
        />
        {view.data?.editing === "full" ? (
          <Button onClick={() => setDialog({ kind: "add" })}>{t("catalogAdmin:actions.add")}</Button>
        ) : null}
      </Group>
      {problem ? (
        <Alert color="red" title={t("errors:title")} role="alert" withCloseButton onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        {view.data ? (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t(`catalogAdmin:editing.${view.data.editing}`)}{" "}
              {t("catalogAdmin:count", { count: view.data.items.length })}
            </Text>
            <CatalogTable
              view={view.data}
              busy={change.isPending}
              labelOf={labelOf}
              onAction={(...args) => void act(...args)}
            />
          </Stack>
        ) : view.isError ? (
          <LoadErrorAlert error={view.error} onRetry={() => void view.refetch()} />
        ) : (
          <PageLoader />
        )}
      </Paper>
      <CatalogEntryDialog
        name={name}
        listLabel={listLabel}
        mode={dialog}
        onClose={() => setDialog(null)}
        onConflict={() => {
          setDialog(null);
          conflict();
        }}
        onSaved={(entry, kind) => {
          setDialog(null);
          refresh();
          notifySuccess(
            t(kind === "add" ? "catalogAdmin:done.created" : "catalogAdmin:done.renamed", { label: labelOf(entry) }),
          );
        }}
      />
    </Stack>
  );
}
