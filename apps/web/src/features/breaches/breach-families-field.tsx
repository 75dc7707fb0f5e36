import { Button, Fieldset, Group, List, NativeSelect, Radio, Stack, Text, TextInput } from "@mantine/core";
import { BREACH_FAMILY_SCOPES, type BreachFamily } from "@portal/shared/schemas/breaches";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { http } from "../../lib/http.ts";
import { useFamilySearch } from "./breaches-api.ts";

type Scope = (typeof BREACH_FAMILY_SCOPES)[number];

interface Props {
  scope: Scope;
  onScope: (scope: Scope) => void;
  chosen: BreachFamily[];
  onChosen: (families: BreachFamily[]) => void;
  schoolYearId: number | null;
  onSchoolYear: (id: number | null) => void;
  error?: string;
}

/** Who was affected: nobody known yet, families found by name one by one, or a whole school year. */
export function BreachFamiliesField({ scope, onScope, chosen, onChosen, schoolYearId, onSchoolYear, error }: Props) {
  const { t } = useTranslation();
  const [q, setQ] = useState("");
  const search = useFamilySearch(q);
  const years = useQuery({
    queryKey: ["school-years"],
    queryFn: () => http.get<{ id: number; label: string }[]>("/api/school-years"),
    enabled: scope === "schoolYear",
  });
  const chosenIds = new Set(chosen.map((family) => family.id));
  const found = (search.data?.items ?? []).filter((family) => !chosenIds.has(family.id));

  return (
    <Fieldset legend={t("breaches:families.legend")}>
      <Stack gap="sm">
        <Radio.Group value={scope} onChange={(value) => onScope(value as Scope)} error={error}>
          <Stack gap="xs">
            {BREACH_FAMILY_SCOPES.map((value) => (
              <Radio key={value} value={value} label={t(`breaches:families.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
        {scope === "selected" ? (
          <Stack gap="xs">
            <TextInput
              label={t("breaches:families.search")}
              description={t("breaches:families.searchHint")}
              value={q}
              onChange={(event) => setQ(event.currentTarget.value)}
            />
            {q.trim().length >= 2 && search.data && found.length === 0 ? (
              <Text size="sm" c="dimmed" role="status">
                {t("breaches:families.noMatch")}
              </Text>
            ) : null}
            {found.length > 0 ? (
              <List listStyleType="none" spacing={4}>
                {found.map((family) => (
                  <List.Item key={family.id}>
                    <Group gap="xs">
                      <Text size="sm">
                        {family.name} ({family.email})
                      </Text>
                      <Button size="compact-sm" variant="light" onClick={() => onChosen([...chosen, family])}>
                        {t("breaches:families.add", { name: family.name })}
                      </Button>
                    </Group>
                  </List.Item>
                ))}
              </List>
            ) : null}
            <Text size="sm" fw={600}>
              {t("breaches:families.chosen", { count: chosen.length })}
            </Text>
            {chosen.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("breaches:families.noneChosen")}
              </Text>
            ) : (
              <List listStyleType="none" spacing={4}>
                {chosen.map((family) => (
                  <List.Item key={family.id}>
                    <Group gap="xs">
                      <Text size="sm">
                        {family.name} ({family.email})
                      </Text>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => onChosen(chosen.filter((other) => other.id !== family.id))}
                      >
                        {t("breaches:families.remove", { name: family.name })}
                      </Button>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        ) : null}
        {scope === "schoolYear" ? (
          <NativeSelect
            label={t("breaches:families.schoolYearLabel")}
            value={schoolYearId === null ? "" : String(schoolYearId)}
            onChange={(event) => onSchoolYear(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
            data={[
              { value: "", label: "—" },
              ...(years.data ?? []).map((y) => ({ value: String(y.id), label: y.label })),
            ]}
          />
        ) : null}
      </Stack>
    </Fieldset>
  );
}
