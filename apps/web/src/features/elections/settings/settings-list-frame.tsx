import { Button, Group, Stack, Text, Title } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../../components/ui/load-error-alert.tsx";
import { PageLoader } from "../../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../../lib/route-title-key.ts";

/**
 * The frame of the elections' settings screens: the route's title, what the screen is for, the
 * "add" button when there is one, then the data, its loader or its load error with "Retry".
 */
export function SettingsListFrame<T>({
  routeId,
  intro,
  addLabel,
  onAdd,
  query,
  empty,
  children,
}: {
  routeId: string;
  intro: ReactNode;
  addLabel?: string;
  onAdd?: () => void;
  query: UseQueryResult<T[]>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t(routeTitleKey(routeId))}
        </Title>
        {addLabel && onAdd ? (
          <Button onClick={onAdd} disabled={!query.data}>
            {addLabel}
          </Button>
        ) : null}
      </Group>
      {typeof intro === "string" ? <Text>{intro}</Text> : intro}
      {query.isError ? (
        <LoadErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <PageLoader />
      ) : query.data.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}
