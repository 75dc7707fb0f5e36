import { Alert, AspectRatio, Badge, Box, Button, Card, Group, Image, Stack, Text } from "@mantine/core";
import type { PhotoListItem, PhotoStatus } from "@portal/shared/schemas/photos";
import { useTranslation } from "react-i18next";
import { formatInstant } from "../../lib/dates.ts";
import { photoImageUrl } from "./photos-api.ts";

const STATUS_COLOR: Record<PhotoStatus, string> = {
  pending: "yellow",
  approved: "green",
  rejected: "red",
};

/** A photo status in words (`photos:status.<status>`). */
export function PhotoStatusBadge({ status }: { status: PhotoStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" style={{ textTransform: "none" }}>
      {t(`photos:status.${status}`)}
    </Badge>
  );
}

interface PhotoCardProps {
  item: PhotoListItem;
  levelLabel: (code: string) => string;
  /** Absent for Consulta: the card shows no buttons. */
  review?: { onApprove: () => void; onReject: () => void; busy: boolean };
}

/**
 * One request's student photo on the grid: the picture (loaded when it scrolls into view), the
 * student, request code and level, the photo status with the rejection reason, and the review
 * buttons the status allows (approve unless approved, reject unless rejected).
 */
export function PhotoCard({ item, levelLabel, review }: PhotoCardProps) {
  const { t, i18n } = useTranslation();
  const name = item.studentName || t("inscriptions:table.unnamed");
  return (
    <Card withBorder padding="sm" component="article" aria-label={name} data-testid="photo-card">
      <Card.Section>
        <AspectRatio ratio={1}>
          {item.photoUploadId !== null ? (
            <Image
              src={photoImageUrl(item.id, item.photoUploadId)}
              alt={t("photos:card.photoAlt", { student: name })}
              loading="lazy"
              fit="cover"
            />
          ) : (
            <Box bg="gray.1" style={{ display: "grid", placeItems: "center" }}>
              <Text size="sm" c="dimmed">
                {t("photos:card.noPhoto")}
              </Text>
            </Box>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm" h="100%" justify="space-between">
        <Stack gap={4}>
          <Text fw={600} lh={1.3}>
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {t("photos:card.code", { code: item.code })}
            {" · "}
            {item.levelCode ? levelLabel(item.levelCode) : t("photos:card.noLevel")}
          </Text>
          <Group gap={6}>
            <span data-testid="photo-status">
              <PhotoStatusBadge status={item.photoStatus} />
            </span>
            {item.isTestData ? (
              <Badge color="gray" variant="outline">
                {t("inscriptions:table.testData")}
              </Badge>
            ) : null}
          </Group>
          {item.photoStatus === "rejected" && item.photoRejectionReason ? (
            <Alert color="red" variant="light" p="xs" title={t("photos:card.reason")} data-testid="photo-reason">
              <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                {item.photoRejectionReason}
              </Text>
            </Alert>
          ) : null}
          {item.photoReviewedAt ? (
            <Text size="xs" c="dimmed">
              {t("photos:card.reviewedAt", { date: formatInstant(item.photoReviewedAt, i18n.language) })}
            </Text>
          ) : null}
        </Stack>
        {review ? (
          <Group gap="xs" grow>
            {item.photoStatus !== "approved" && item.photoUploadId !== null ? (
              <Button size="xs" color="green" variant="light" onClick={review.onApprove} disabled={review.busy}>
                {t("photos:approve.button")}
              </Button>
            ) : null}
            {item.photoStatus !== "rejected" ? (
              <Button size="xs" color="red" variant="light" onClick={review.onReject} disabled={review.busy}>
                {t("photos:reject.button")}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
