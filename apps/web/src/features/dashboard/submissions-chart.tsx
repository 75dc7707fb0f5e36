import { Box, Text, VisuallyHidden } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import type { Dashboard } from "@portal/shared/schemas/dashboard";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { gridValues, niceMax } from "./chart-scale.ts";
import { useCountFormat } from "./figures.tsx";

/** Narrower screens scroll the chart sideways rather than squeeze 30 bars and their labels. */
const MIN_WIDTH = 560;
const HEIGHT = 220;
const PAD = { left: 40, right: 8, top: 12, bottom: 30 };
const PLOT_HEIGHT = HEIGHT - PAD.top - PAD.bottom;
/** Every how many days the axis names a day (the last day is always named). */
const LABEL_EVERY = 5;

/** A calendar day (YYYY-MM-DD) in the UI language, without shifting it to the browser's zone. */
function dayFormat(language: string, options: Intl.DateTimeFormatOptions) {
  const format = new Intl.DateTimeFormat(language, { ...options, timeZone: "UTC" });
  return (date: string) => format.format(new Date(`${date}T00:00:00Z`));
}

/**
 * Submissions per day as a plain SVG bar chart (no chart library). For assistive technology the
 * SVG is one image with a title and a summary, and the numbers are in a visually hidden table;
 * each bar also has a tooltip (its SVG title) with the day and the count.
 */
export function SubmissionsChart({ submissions }: { submissions: Dashboard["submissions"] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // Drawn at the width it is shown (1 SVG unit = 1 px), so text keeps its size on any screen.
  const { ref, width: measured } = useElementSize();
  const width = Math.max(Math.floor(measured), MIN_WIDTH);
  const plotWidth = width - PAD.left - PAD.right;
  const format = useCountFormat();
  const shortDay = dayFormat(i18n.language, { day: "numeric", month: "short" });
  const longDay = dayFormat(i18n.language, { dateStyle: "long" });
  const { days } = submissions;
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const busiest = days.reduce<(typeof days)[number] | undefined>(
    (best, day) => (day.count > (best?.count ?? 0) ? day : best),
    undefined,
  );
  const max = niceMax(busiest?.count ?? 0);
  const band = plotWidth / Math.max(days.length, 1);
  const y = (value: number) => PAD.top + PLOT_HEIGHT - (value / max) * PLOT_HEIGHT;
  const summary = t("dashboard:submissions.summary", {
    total: format(total),
    from: longDay(submissions.from),
    to: longDay(submissions.to),
  });
  const peak = busiest
    ? t("dashboard:submissions.peak", { date: longDay(busiest.date), count: format(busiest.count) })
    : "";

  return (
    <Box>
      <Text size="sm" mb="xs" data-testid="submissions-summary">
        {summary} {peak}
      </Text>
      <Box ref={ref} style={{ overflowX: "auto" }}>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width={width}
          height={HEIGHT}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          style={{ display: "block" }}
          data-testid="submissions-chart"
        >
          <title id={`${id}-title`}>{t("dashboard:submissions.title")}</title>
          <desc id={`${id}-desc`}>{`${summary} ${peak}`}</desc>
          {gridValues(max).map((value) => (
            <g key={value}>
              <line
                x1={PAD.left}
                x2={width - PAD.right}
                y1={y(value)}
                y2={y(value)}
                style={{ stroke: "var(--mantine-color-gray-3)" }}
                strokeWidth={1}
              />
              <text
                x={PAD.left - 6}
                y={y(value)}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize={11}
                style={{ fill: "var(--mantine-color-dimmed)" }}
              >
                {format(value)}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            const x = PAD.left + index * band;
            const named = index % LABEL_EVERY === 0 || index === days.length - 1;
            return (
              <g key={day.date}>
                {/* The whole column answers the tooltip, even on a day without submissions. */}
                <rect
                  className="dashboard-chart-bar"
                  x={x}
                  y={PAD.top}
                  width={band}
                  height={PLOT_HEIGHT}
                  fill="transparent"
                >
                  <title>{t("dashboard:submissions.bar", { date: longDay(day.date), count: format(day.count) })}</title>
                </rect>
                {day.count > 0 ? (
                  <rect
                    x={x + band * 0.15}
                    y={y(day.count)}
                    width={band * 0.7}
                    height={PAD.top + PLOT_HEIGHT - y(day.count)}
                    rx={2}
                    style={{ fill: "var(--mantine-primary-color-filled)", pointerEvents: "none" }}
                  />
                ) : null}
                {named ? (
                  <text
                    x={x + band / 2}
                    y={HEIGHT - PAD.bottom + 16}
                    textAnchor="middle"
                    fontSize={11}
                    style={{ fill: "var(--mantine-color-dimmed)" }}
                  >
                    {shortDay(day.date)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </Box>
      <VisuallyHidden>
        <table data-testid="submissions-table">
          <caption>{t("dashboard:submissions.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("dashboard:submissions.date")}</th>
              <th scope="col">{t("dashboard:submissions.count")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{longDay(day.date)}</th>
                <td>{format(day.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
