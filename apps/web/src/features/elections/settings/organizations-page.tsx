import { Table } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { deleteOrganization, ORGANIZATIONS_KEY, type Organization, useOrganizations } from "./election-admin-api.ts";
import { OrganizationDialog } from "./organization-dialog.tsx";
import { deleteAfterConfirm, EditDeleteButtons } from "./row-actions.tsx";
import { SettingsListFrame } from "./settings-list-frame.tsx";

/**
 * Settings › Organizations (Admin only): the associations and groups that present lists.
 * Which of them run in which election is Settings › Lists and candidates; one that has presented a
 * list stays (the lists and results name it).
 */
export function OrganizationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const organizations = useOrganizations();
  const [editing, setEditing] = useState<{ organization: Organization | null } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ORGANIZATIONS_KEY });
  const remove = (organization: Organization) =>
    deleteAfterConfirm(
      t("elections:admin.organizations.confirmDelete", { name: organization.name }),
      () => deleteOrganization(organization.id),
      refresh,
    );
  return (
    <>
      <SettingsListFrame
        routeId="settings.organizations"
        intro={t("elections:admin.organizations.intro")}
        addLabel={t("elections:admin.organizations.add")}
        onAdd={() => setEditing({ organization: null })}
        query={organizations}
        empty={t("elections:admin.organizations.empty")}
      >
        {(items) => (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("elections:admin.organizations.name")}</Table.Th>
                  <Table.Th scope="col">{t("elections:admin.organizations.acronym")}</Table.Th>
                  <Table.Th scope="col">{t("elections:admin.organizations.description")}</Table.Th>
                  <Table.Th scope="col">{t("elections:admin.actionsColumn")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((organization) => (
                  <Table.Tr key={organization.id}>
                    <Table.Th scope="row">{organization.name}</Table.Th>
                    <Table.Td>{organization.acronym}</Table.Td>
                    <Table.Td>{organization.description}</Table.Td>
                    <Table.Td>
                      <EditDeleteButtons
                        name={organization.name}
                        onEdit={() => setEditing({ organization })}
                        onDelete={() => void remove(organization)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </SettingsListFrame>
      <OrganizationDialog
        opened={editing !== null}
        organization={editing?.organization ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </>
  );
}
