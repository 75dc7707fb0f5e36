import { Checkbox, List, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RequiredMark } from "../../components/ui/required-mark.tsx";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { StepSection } from "./step-kit/step-form.tsx";
import type { TransportValues } from "./transport-form.ts";
import { YesNoRadio } from "./yes-no-radio.tsx";

/** The bus service's conditions, in order (keys `schoolTransport.condition<n>`). */
const CONDITIONS = [1, 2, 3, 4, 5] as const;

/**
 * The fields of step 11 (spec 3 Transport, spec 5): whether the family wants the school bus and,
 * when it does, the service's conditions and their acceptance (required then). Used by the wizard
 * step; the staff module page can reuse it.
 */
export function TransportFields({ form }: { form: UseFormReturn<TransportValues> }) {
  const { t } = useTranslation();
  const errorText = useValidationText();
  const { errors } = form.formState;
  const wantsBus = form.watch("wantsBus");
  const { getValues, setValue } = form;

  // Saying no clears the acceptance: saying yes again asks for it again.
  useEffect(() => {
    if (wantsBus !== "yes" && getValues("acceptsConditions")) setValue("acceptsConditions", false);
  }, [wantsBus, getValues, setValue]);

  return (
    <StepSection id="school-transport" title={t("enrollment:schoolTransport.busTitle")}>
      <Text size="sm">{t("enrollment:schoolTransport.intro")}</Text>
      <YesNoRadio form={form} name="wantsBus" label={t("enrollment:schoolTransport.wantsBus")} required />
      {wantsBus === "yes" ? (
        <Stack gap="md">
          <Paper withBorder p="md" bg="gray.0" component="section" aria-labelledby="school-transport-conditions">
            <Title order={3} size="h5" id="school-transport-conditions" mb="xs">
              {t("enrollment:schoolTransport.conditionsTitle")}
            </Title>
            <List size="sm" spacing="xs">
              {CONDITIONS.map((n) => (
                <List.Item key={n}>{t(`enrollment:schoolTransport.condition${n}`)}</List.Item>
              ))}
            </List>
          </Paper>
          <Checkbox
            label={
              <>
                {t("enrollment:schoolTransport.acceptsConditions")}
                <RequiredMark />
              </>
            }
            required
            {...form.register("acceptsConditions")}
            error={errorText(errors.acceptsConditions?.message)}
          />
        </Stack>
      ) : null}
      {wantsBus === "no" ? <Text size="sm">{t("enrollment:schoolTransport.noBus")}</Text> : null}
    </StepSection>
  );
}
