import { Button, Table } from "@mantine/core";
import type { CampaignDetail, CampaignFigure } from "@portal/shared/schemas/campaigns";
import { useTranslation } from "react-i18next";
import { useCatalog } from "../../lib/catalog-query.ts";

const FIGURES: readonly CampaignFigure[] = ["answered", "returning", "leaving", "undecided", "notAnswered"];

export interface FigureChoice {
  figure: CampaignFigure;
  level: string | null;
}

/**
 * The campaign's figures (docs/rules/campaigns.md "Figures"): children covered, answered, returning,
 * leaving, undecided and not answered, in total and by level; each figure opens its list.
 */
export function CampaignFigures({
  detail,
  onOpen,
}: {
  detail: CampaignDetail;
  onOpen: (choice: FigureChoice) => void;
}) {
  const { t } = useTranslation();
  const levels = useCatalog("levels");
  const levelName = (code: string | null) =>
    code === null ? t("campaigns:figures.noLevel") : (levels.data?.find((l) => l.code === code)?.label ?? code);
  const rows = [
    { key: "total", label: t("campaigns:figures.total"), level: null, figures: detail.figures },
    ...detail.byLevel.map((row) => ({
      key: row.levelCode ?? "none",
      label: levelName(row.levelCode),
      level: row.levelCode,
      figures: row,
    })),
  ];
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" aria-label={t("campaigns:figures.title")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("campaigns:columns.level")}</Table.Th>
            <Table.Th scope="col">{t("campaigns:figures.covered")}</Table.Th>
            {FIGURES.map((figure) => (
              <Table.Th key={figure} scope="col">
                {t(`campaigns:figures.${figure}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row">{row.label}</Table.Th>
              <Table.Td>{row.figures.covered}</Table.Td>
              {FIGURES.map((figure) => (
                <Table.Td key={figure}>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    aria-label={t("campaigns:figures.open", {
                      count: row.figures[figure],
                      figure: t(`campaigns:figures.${figure}`),
                      level: row.label,
                    })}
                    onClick={() => onOpen({ figure, level: row.level })}
                  >
                    {row.figures[figure]}
                  </Button>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
