import { List, Stack, Text, Title } from "@mantine/core";
import type { Block, Span } from "@portal/shared/school-documents";

/*
 * A school document's parsed text (packages/shared/src/school-documents.ts) as React nodes: the
 * Admin's Markdown never reaches the page as HTML, only as these headings, paragraphs, lists and
 * bold or italic spans (docs/rules/documents.md "The school's own documents").
 */

function Spans({ spans }: { spans: Span[] }) {
  return (
    <>
      {spans.map((span, index) => {
        const key = `${index}-${span.text}`;
        if (span.bold) return <strong key={key}>{span.text}</strong>;
        if (span.italic) return <em key={key}>{span.text}</em>;
        return <span key={key}>{span.text}</span>;
      })}
    </>
  );
}

export function DocumentBlocks({ blocks, headingOrder = 3 }: { blocks: Block[]; headingOrder?: 3 | 4 }) {
  return (
    <Stack gap="xs">
      {blocks.map((block, index) => {
        const key = `${block.type}-${index}`;
        if (block.type === "heading") {
          return (
            <Title key={key} order={block.level === 1 ? headingOrder : ((headingOrder + 1) as 4 | 5)} size="h5">
              <Spans spans={block.spans} />
            </Title>
          );
        }
        if (block.type === "paragraph") {
          return (
            <Text key={key} size="sm">
              <Spans spans={block.spans} />
            </Text>
          );
        }
        return (
          <List key={key} type={block.ordered ? "ordered" : "unordered"} size="sm" withPadding>
            {block.items.map((item, itemIndex) => (
              <List.Item key={itemIndex}>
                <Spans spans={item} />
              </List.Item>
            ))}
          </List>
        );
      })}
    </Stack>
  );
}
