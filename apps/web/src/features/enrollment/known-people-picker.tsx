import { Button, Group, NativeSelect, Paper, Stack, Text } from "@mantine/core";
import type { KnownPerson } from "@portal/shared/schemas/enrollment-responses";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * "Use a person already registered for your family" (siblings are not typed twice): a
 * choice among the people saved on the family's other files and a button that fills the form with
 * the chosen one. The family still reviews and saves. Nothing shows when there is nobody to offer.
 */
export function KnownPeoplePicker({
  people,
  title,
  hint,
  actionLabel,
  disabled = false,
  onUse,
}: {
  people: KnownPerson[];
  title: string;
  hint: string;
  actionLabel: string;
  disabled?: boolean;
  onUse: (person: KnownPerson) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [chosen, setChosen] = useState("");
  if (people.length === 0) return null;
  const options = [
    { value: "", label: t("enrollment:form.choose") },
    ...people.map((person, index) => ({
      value: String(index),
      label: t("enrollment:knownPeople.option", {
        name: person.displayName,
        document: person.documentNumber,
        student: person.studentName,
      }),
    })),
  ];
  const person = chosen === "" ? undefined : people[Number(chosen)];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} bg="var(--mantine-color-gray-0)">
      <Stack gap="xs">
        <Text fw={600} id={titleId}>
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            style={{ flex: "1 1 16rem" }}
            label={t("enrollment:knownPeople.choose")}
            data={options}
            value={chosen}
            onChange={(event) => setChosen(event.currentTarget.value)}
            disabled={disabled}
          />
          <Button
            variant="light"
            disabled={disabled || !person}
            onClick={() => {
              if (!person) return;
              setChosen("");
              onUse(person);
            }}
          >
            {actionLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
