import { Stack, Text } from "@mantine/core";

/** A message's words as the secretary wrote them: paragraphs, line breaks kept, never HTML. */
export function MessageBody({ body, lang }: { body: string; lang?: string }) {
  return (
    <Stack gap="xs" lang={lang}>
      {body.split(/\n{2,}/).map((paragraph, index) => (
        // Paragraphs have no identity but their place.
        <Text key={index} style={{ whiteSpace: "pre-wrap" }}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}

/** "2 families, 3 addresses" in the reader's language. */
export function reachText(
  t: (key: string, options?: Record<string, unknown>) => string,
  families: number,
  addresses: number,
) {
  return t("messages:compose.reach", {
    families: t("messages:compose.families", { count: families }),
    addresses: t("messages:compose.addresses", { count: addresses }),
  });
}
