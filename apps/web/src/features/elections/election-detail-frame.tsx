import { Stack, Title } from "@mantine/core";
import type { FamilyElection } from "@portal/shared/schemas/elections";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { LoadErrorAlert } from "../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { ElectionHeader } from "./election-header.tsx";
import { useElection } from "./elections-api.ts";

/** One election's page (`:id` is the election): the title, its header, then `children`. */
export function ElectionDetailFrame({
  routeId,
  children,
}: {
  routeId: string;
  children: (election: FamilyElection) => ReactNode;
}) {
  const { t } = useTranslation();
  const raw = useParams().id ?? "";
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const query = useElection(id);
  if (id === null) return <Navigate to="/page-not-found" replace />;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(routeTitleKey(routeId))}
      </Title>
      {query.error ? <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <PageLoader /> : null}
      {query.data ? (
        <>
          <ElectionHeader election={query.data} />
          {children(query.data)}
        </>
      ) : null}
    </Stack>
  );
}
