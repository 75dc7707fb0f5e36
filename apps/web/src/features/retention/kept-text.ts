import type { RetentionItem } from "@portal/shared/schemas/retention";
import type { TFunction } from "i18next";

/** What happens to an item, as the preview and the report say it. */
export function outcomeText(t: TFunction, kept: RetentionItem["kept"], removedKey: string): string {
  if (!kept) return t(removedKey);
  return t(`retention:kept.${kept.reason}`, { reason: kept.holdReason ?? "" });
}
