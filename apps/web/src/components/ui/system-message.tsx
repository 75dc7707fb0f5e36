import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One layout for the system screens and error fallbacks: a heading, a sentence, the ways out. */
export function SystemMessage({ title, text, actions }: { title: string; text: ReactNode; actions?: ReactNode }) {
  return (
    <Stack gap="md" py="xl" align="center" ta="center">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" maw={520}>
        {text}
      </Text>
      {actions ? (
        <Group justify="center" gap="sm">
          {actions}
        </Group>
      ) : null}
    </Stack>
  );
}
