import { Button, Group, List, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../../components/ui/load-error-alert.tsx";
import { ELECTION_ADMIN_KEY, type EligibleVoter, searchEligible } from "./election-admin-api.ts";

/**
 * Finding a candidate among the election's eligible voters (GET …/eligible: families on the
 * register, test accounts left out), by name or e-mail; each result has its "Add" button.
 * People already standing in the election are not offered again.
 */
export function EligibleSearch({
  electionId,
  listName,
  taken,
  onAdd,
}: {
  electionId: number;
  listName: string;
  taken: ReadonlySet<number>;
  onAdd: (person: EligibleVoter) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [q, setQ] = useState<string | null>(null);
  // The added person leaves the results: the keyboard goes back to the search field.
  const field = useRef<HTMLInputElement>(null);
  const results = useQuery({
    queryKey: [...ELECTION_ADMIN_KEY, "eligible", electionId, q],
    enabled: q !== null,
    queryFn: () => searchEligible(electionId, q ?? ""),
  });
  const offered = results.data?.filter((person) => !taken.has(person.userId)) ?? [];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setQ(text.trim());
      }}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          ref={field}
          label={t("elections:admin.lists.search")}
          description={t("elections:admin.lists.searchHint")}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maw={360}
        />
        <Button type="submit" variant="default" loading={results.isFetching}>
          {t("elections:admin.lists.find")}
        </Button>
      </Group>
      {results.isError ? <LoadErrorAlert error={results.error} onRetry={() => void results.refetch()} compact /> : null}
      {results.data ? (
        offered.length === 0 ? (
          <Text size="sm" c="dimmed" mt="xs" role="status">
            {t("elections:admin.lists.noneFound")}
          </Text>
        ) : (
          <List size="sm" mt="xs" spacing={4} listStyleType="none" aria-label={t("elections:admin.lists.found")}>
            {offered.map((person) => (
              <List.Item key={person.userId}>
                <Group gap="sm" wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="light"
                    aria-label={t("elections:admin.lists.addNamed", { name: person.name, list: listName })}
                    onClick={() => {
                      onAdd(person);
                      field.current?.focus();
                    }}
                  >
                    {t("elections:admin.lists.add")}
                  </Button>
                  <Text size="sm">
                    {person.name} · {person.email}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )
      ) : null}
    </form>
  );
}
