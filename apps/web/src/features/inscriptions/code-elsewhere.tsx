import { Alert, Anchor, Stack } from "@mantine/core";
import { type RequestCodeMatches, requestCodeMatchesSchema } from "@portal/shared/schemas/requests";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { http } from "../../lib/http.ts";
import { detailPath } from "./request-lists.ts";
import { INSCRIPTIONS_QUERY_KEY } from "./requests-api.ts";

/**
 * A list shows one school year; a request code typed in its search may belong to another. The
 * server looks codes up in every year (GET /api/requests/codes, only for a search with a digit:
 * names never are codes), and each request found in another year is named here with its year and
 * a link to its detail, which opens whatever the year.
 */
export function CodeElsewhere({ q, shownYearId }: { q: string; shownYearId: number | null }) {
  const { t } = useTranslation();
  const search = q.trim();
  const found = useQuery({
    queryKey: [...INSCRIPTIONS_QUERY_KEY, "codes", search],
    queryFn: async (): Promise<RequestCodeMatches> =>
      requestCodeMatchesSchema.parse(await http.get(`/api/requests/codes?${new URLSearchParams({ q: search })}`)),
    enabled: /\d/.test(search),
  });
  const elsewhere = (found.data?.items ?? []).filter((item) => item.schoolYear.id !== shownYearId);
  if (!/\d/.test(search) || elsewhere.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="code-elsewhere">
      {elsewhere.map((item) => (
        <Alert key={item.id} color="blue" role="status">
          {t("inscriptions:codeElsewhere.found", {
            code: item.code,
            student: item.studentName,
            year: item.schoolYear.label,
          })}{" "}
          <Anchor component={Link} to={detailPath(item.id)} fw={600}>
            {t("inscriptions:codeElsewhere.open", { code: item.code })}
          </Anchor>
        </Alert>
      ))}
    </Stack>
  );
}
