import {
  type ReminderSettingsInput,
  type ReminderSettingsPage,
  reminderSettingsPageSchema,
} from "@portal/shared/schemas/reminders";
import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http.ts";

/** Settings › Reminders (docs/rules/reminders.md): the Admin's rules and the latest reminders sent. */

export const REMINDERS_KEY = ["settings", "reminders"] as const;

export function useReminderSettings() {
  return useQuery({
    queryKey: REMINDERS_KEY,
    queryFn: async () => reminderSettingsPageSchema.parse(await http.get("/api/settings/reminders")),
  });
}

export const saveReminderSettings = (input: ReminderSettingsInput) =>
  http.put<ReminderSettingsPage>("/api/settings/reminders", input);
