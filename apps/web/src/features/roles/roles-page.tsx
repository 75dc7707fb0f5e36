import { Anchor, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { ROLES } from "@portal/shared/roles";
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { type MatrixRow, permissionMatrix, screenMatrix } from "./roles-matrix.ts";

const AUDIT_LOG_PATH = "/portal/dashboards/settings/audit-log";

function Matrix({
  title,
  rowHeader,
  rows,
  label,
}: {
  title: string;
  rowHeader: string;
  rows: readonly MatrixRow[];
  label: (id: string) => string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" aria-labelledby={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{rowHeader}</Table.Th>
                {ROLES.map((role) => (
                  <Table.Th key={role} scope="col" ta="center">
                    {t(`audit:roles.names.${role}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Th scope="row" fw={400}>
                    {label(row.id)}
                  </Table.Th>
                  {ROLES.map((role) => (
                    <Table.Td
                      key={role}
                      ta="center"
                      fw={row.allowed[role] ? 700 : 400}
                      c={row.allowed[role] ? undefined : "dimmed"}
                    >
                      {row.allowed[role] ? t("audit:roles.allowed") : t("audit:roles.denied")}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/**
 * `/portal/dashboards/settings/roles` (Admin): read-only, what each role may open and do,
 * computed from the shared route table and PERMISSIONS (roles-matrix.ts), so it cannot drift from
 * what the guards and the server enforce.
 */
export function RolesPage() {
  const { t } = useTranslation();
  const permissions = useMemo(permissionMatrix, []);
  const screens = useMemo(screenMatrix, []);
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {t(routeTitleKey("settings.roles"))}
        </Title>
        <Text size="sm">{t("audit:roles.intro")}</Text>
        <Anchor component={Link} to={AUDIT_LOG_PATH} size="sm">
          {t("audit:roles.auditLink")}
        </Anchor>
      </Stack>
      <Matrix
        title={t("audit:roles.permissionsTitle")}
        rowHeader={t("audit:roles.permission")}
        rows={permissions}
        label={(id) => t(`audit:roles.permissions.${id}`)}
      />
      <Matrix
        title={t("audit:roles.screensTitle")}
        rowHeader={t("audit:roles.screen")}
        rows={screens}
        label={(id) => t(routeTitleKey(id))}
      />
    </Stack>
  );
}
