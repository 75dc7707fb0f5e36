import { Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** A count in the UI language's digits ("1 234", "1,234", "1.234"). */
export function useCountFormat(): (value: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  return (value) => format.format(value);
}

/**
 * A figure that leads to its list: a router link when `href` is given (the role may open the
 * list), plain content otherwise (Editor, or a figure no list holds).
 */
export function FigureLink({ href, children, label }: { href: string | null; children: ReactNode; label?: string }) {
  if (!href) return <>{children}</>;
  return (
    <Link to={href} className="dashboard-figure-link" aria-label={label}>
      {children}
    </Link>
  );
}

/** A card with a label and a big number; the whole card is the link when there is one. */
export function FigureCard({
  label,
  value,
  href,
  hint,
  testId,
}: {
  label: ReactNode;
  value: number;
  href: string | null;
  hint?: string;
  testId: string;
}) {
  const format = useCountFormat();
  const body = (
    <Stack gap={6}>
      <Text size="sm" fw={600} component="div">
        {label}
      </Text>
      <Text fz={30} fw={700} lh={1.1} data-testid="figure-value" className="dashboard-figure-value">
        {format(value)}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
  return href ? (
    <Paper
      withBorder
      p="md"
      radius="md"
      component={Link}
      to={href}
      className="dashboard-link-card"
      data-testid={testId}
    >
      {body}
    </Paper>
  ) : (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      {body}
    </Paper>
  );
}

/** A titled block of the dashboard (a landmark region named by its title). */
export function DashboardSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={`dashboard-${id}`}>
      <Stack gap="md">
        <Stack gap={2}>
          <Text component="h2" fw={700} size="lg" id={`dashboard-${id}`} m={0}>
            {title}
          </Text>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
