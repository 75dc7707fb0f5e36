import { Table, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { deletePosition, POSITIONS_KEY, type Position, usePositions } from "./election-admin-api.ts";
import { PositionDialog } from "./position-dialog.tsx";
import { deleteAfterConfirm, EditDeleteButtons } from "./row-actions.tsx";
import { SettingsListFrame } from "./settings-list-frame.tsx";

/**
 * Settings › Positions (Admin only): what an election fills, named in the three
 * languages. The two the count names (titular, substitute) can be renamed but keep their code.
 */
export function PositionsPage() {
  const { t, i18n } = useTranslation();
  const nameOf = (p: Position) => (i18n.language === "en" ? p.nameEn : i18n.language === "fr" ? p.nameFr : p.nameEs);
  const queryClient = useQueryClient();
  const positions = usePositions();
  const [editing, setEditing] = useState<{ position: Position | null } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: POSITIONS_KEY });
  const remove = (position: Position) =>
    deleteAfterConfirm(
      t("elections:admin.positions.confirmDelete", { name: nameOf(position) }),
      () => deletePosition(position.id),
      refresh,
    );
  const nextOrder = Math.max(0, ...(positions.data ?? []).map((p) => p.sortOrder)) + 1;
  return (
    <>
      <SettingsListFrame
        routeId="settings.positions"
        intro={t("elections:admin.positions.intro")}
        addLabel={t("elections:admin.positions.add")}
        onAdd={() => setEditing({ position: null })}
        query={positions}
        empty={t("elections:admin.positions.empty")}
      >
        {(items) => (
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("elections:admin.positions.sortOrder")}</Table.Th>
                  <Table.Th scope="col">{t("elections:admin.positions.code")}</Table.Th>
                  <Table.Th scope="col">{t("elections:admin.positions.nameEs")}</Table.Th>
                  <Table.Th scope="col">{t("elections:admin.positions.nameEn")}</Table.Th>
                  <Table.Th scope="col">{t("elections:admin.positions.nameFr")}</Table.Th>
                  <Table.Th scope="col">{t("elections:admin.actionsColumn")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((position) => (
                  <Table.Tr key={position.id}>
                    <Table.Td>{position.sortOrder}</Table.Td>
                    <Table.Th scope="row">
                      <Text size="sm" ff="monospace">
                        {position.code}
                      </Text>
                    </Table.Th>
                    <Table.Td lang="es">{position.nameEs}</Table.Td>
                    <Table.Td lang="en">{position.nameEn}</Table.Td>
                    <Table.Td lang="fr">{position.nameFr}</Table.Td>
                    <Table.Td>
                      <EditDeleteButtons
                        name={nameOf(position)}
                        onEdit={() => setEditing({ position })}
                        onDelete={() => void remove(position)}
                        instead={
                          position.protected ? (
                            <Text size="xs" c="dimmed">
                              {t("elections:admin.positions.protected")}
                            </Text>
                          ) : undefined
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </SettingsListFrame>
      <PositionDialog
        opened={editing !== null}
        position={editing?.position ?? null}
        nextOrder={nextOrder}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </>
  );
}
