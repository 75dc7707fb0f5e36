import { ActionIcon, Badge, Button, Group, Table, Text } from "@mantine/core";
import type { CatalogAdminItem, CatalogAdminView } from "@portal/shared/schemas/catalog-admin";
import { useTranslation } from "react-i18next";

export type RowAction = "rename" | "up" | "down" | "toggle" | "delete";

/** The id of a row's button, so the page can put the focus back on it after the list is redrawn. */
export const rowButtonId = (entry: { id: number }, action: RowAction) => `catalog-${action}-${entry.id}`;

/**
 * The entries of one catalogue, in order, with the labels in the three languages. The actions
 * shown follow what the list allows (`view.editing`); every button is named after its entry.
 */
export function CatalogTable({
  view,
  busy,
  labelOf,
  onAction,
}: {
  view: CatalogAdminView;
  busy: boolean;
  labelOf: (entry: CatalogAdminItem) => string;
  onAction: (entry: CatalogAdminItem, index: number, action: RowAction) => void;
}) {
  const { t } = useTranslation();
  const full = view.editing === "full";
  const editable = view.editing !== "readOnly";
  const last = view.items.length - 1;
  return (
    <Table.ScrollContainer minWidth={editable ? 980 : 640}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("catalogAdmin:columns.order")}</Table.Th>
            <Table.Th>{t("catalogAdmin:columns.es")}</Table.Th>
            <Table.Th>{t("catalogAdmin:columns.en")}</Table.Th>
            <Table.Th>{t("catalogAdmin:columns.fr")}</Table.Th>
            <Table.Th>{t("catalogAdmin:columns.code")}</Table.Th>
            <Table.Th>{t("catalogAdmin:columns.state")}</Table.Th>
            {editable ? <Table.Th>{t("catalogAdmin:columns.actions")}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.items.map((entry, index) => {
            const label = labelOf(entry);
            const button = (action: RowAction) => ({
              id: rowButtonId(entry, action),
              disabled: busy,
              onClick: () => onAction(entry, index, action),
            });
            return (
              <Table.Tr key={entry.id}>
                <Table.Td>{entry.order}</Table.Td>
                <Table.Td lang="es">{entry.labels.es}</Table.Td>
                <Table.Td lang="en">{entry.labels.en}</Table.Td>
                <Table.Td lang="fr">{entry.labels.fr}</Table.Td>
                {/* The code itself is what this column shows (the screen sweep reads it as raw on purpose). */}
                <Table.Td data-raw-values>
                  <Text size="sm" ff="monospace">
                    {entry.code}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={entry.disabled ? "gray" : "green"} variant="light">
                    {t(entry.disabled ? "catalogAdmin:state.disabled" : "catalogAdmin:state.active")}
                  </Badge>
                </Table.Td>
                {editable ? (
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {full ? (
                        <>
                          <ActionIcon
                            variant="default"
                            aria-label={t("catalogAdmin:actions.moveUp", { label })}
                            {...button("up")}
                            disabled={busy || index === 0}
                          >
                            <span aria-hidden="true">↑</span>
                          </ActionIcon>
                          <ActionIcon
                            variant="default"
                            aria-label={t("catalogAdmin:actions.moveDown", { label })}
                            {...button("down")}
                            disabled={busy || index === last}
                          >
                            <span aria-hidden="true">↓</span>
                          </ActionIcon>
                        </>
                      ) : null}
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t("catalogAdmin:actions.renameEntry", { label })}
                        {...button("rename")}
                      >
                        {t("catalogAdmin:actions.rename")}
                      </Button>
                      {full ? <GuardedActions entry={entry} label={label} button={button} /> : null}
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Disable/enable and delete; an entry the forms name by code offers neither, and says why. */
function GuardedActions({
  entry,
  label,
  button,
}: {
  entry: CatalogAdminItem;
  label: string;
  button: (action: RowAction) => { id: string; disabled: boolean; onClick: () => void };
}) {
  const { t } = useTranslation();
  if (entry.protected) {
    return (
      <Text size="xs" c="dimmed" maw={220}>
        {t("catalogAdmin:protected")}
      </Text>
    );
  }
  return (
    <>
      <Button
        size="xs"
        variant="default"
        aria-label={t(entry.disabled ? "catalogAdmin:actions.enableEntry" : "catalogAdmin:actions.disableEntry", {
          label,
        })}
        {...button("toggle")}
      >
        {t(entry.disabled ? "catalogAdmin:actions.enable" : "catalogAdmin:actions.disable")}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        aria-label={t("catalogAdmin:actions.deleteEntry", { label })}
        {...button("delete")}
      >
        {t("catalogAdmin:actions.delete")}
      </Button>
    </>
  );
}
