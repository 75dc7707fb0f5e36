import {
  type ReminderSettingsPage,
  reminderSettingsInputSchema,
  reminderSettingsPageSchema,
} from "@portal/shared/schemas/reminders";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { reminderSettingsPage, updateReminderSettings } from "./reminder-settings.service.ts";

/** Settings › Reminders (docs/rules/reminders.md): the Admin's switches and times, and what was sent. */
export function remindersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: "settingsManage" } as const;

  r.get(
    "/api/settings/reminders",
    { config, schema: { response: { 200: reminderSettingsPageSchema } } },
    (): Promise<ReminderSettingsPage> => reminderSettingsPage(ctx),
  );
  r.put(
    "/api/settings/reminders",
    { config, schema: { body: reminderSettingsInputSchema, response: { 200: reminderSettingsPageSchema } } },
    (request) => updateReminderSettings(ctx, { userId: request.user!.id, ip: request.ip }, request.body),
  );
}
