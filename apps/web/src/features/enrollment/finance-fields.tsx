import { Alert, NativeSelect, SimpleGrid, Text, TextInput } from "@mantine/core";
import { DEFAULT_YEAR_CONSTANTS, type YearConstants } from "@portal/shared/rules/year-settings";
import { useRef } from "react";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { useValidationText } from "../../lib/use-validation-text.ts";
import { EMPTY_PAYER, type FinanceValues, PAYER_FIELDS, PAYMENT_REFERENCES, type PayerFields } from "./finance-form.ts";
import { type SelectOptions, withPlaceholder } from "./step-kit/catalog-options.ts";
import type { FINANCE_CATALOGS } from "./step-kit/step-catalogs.ts";
import { StepSection } from "./step-kit/step-form.tsx";
import { useShowsStaffFields } from "./step-kit/step-host.tsx";
import { YesNoRadio } from "./yes-no-radio.tsx";

export type FinanceCatalogs = Record<(typeof FINANCE_CATALOGS)[number], SelectOptions>;

/** The legal representatives as payers (from their saved steps); null when there is none. */
export type RepresentativePayers = Partial<Record<"REPRESENTATIVE_1" | "REPRESENTATIVE_2", PayerFields | null>>;

const isRepresentative = (value: string): value is "REPRESENTATIVE_1" | "REPRESENTATIVE_2" =>
  value === "REPRESENTATIVE_1" || value === "REPRESENTATIVE_2";

/**
 * Spec 1 and 9: families with N children enrolled in a year get P% off, N and P being the year's
 * (Settings › General). A family that has them this year is told it applies (green); the others
 * read the rule.
 */
export function FamilyDiscountNotice({
  childrenThisYear,
  percent,
  constants = DEFAULT_YEAR_CONSTANTS,
}: {
  childrenThisYear: number;
  percent: number;
  constants?: YearConstants;
}) {
  const { t } = useTranslation();
  if (percent > 0) {
    return (
      <Alert
        color="green"
        title={t("enrollment:finance.discountTitle", { children: constants.discountChildren })}
        data-testid="family-discount"
      >
        {t("enrollment:finance.discountApplies", { count: childrenThisYear, percent })}
      </Alert>
    );
  }
  return (
    <Alert color="blue" data-testid="family-discount">
      {t("enrollment:finance.discountInfo", {
        children: constants.discountChildren,
        percent: constants.discountPercent,
      })}
    </Alert>
  );
}

/**
 * The fields of step 10 (spec 3 financeStudent): who pays and how, a scholarship, the invoice
 * holder's identity and e-mail, and the school's codes when known. Choosing a legal representative
 * as payer fills in their data from their step. Used by the wizard step; the staff module page
 * reuses it.
 */
export function FinanceFields({
  form,
  catalogs,
  payers = {},
}: {
  form: UseFormReturn<FinanceValues>;
  catalogs: FinanceCatalogs;
  payers?: RepresentativePayers;
}) {
  const { t } = useTranslation();
  const staffFields = useShowsStaffFields();
  const errorText = useValidationText();
  const { errors } = form.formState;
  const choose = t("enrollment:form.choose");
  const scholarship = useWatch({ control: form.control, name: "isScholarShip" });
  const reference = useWatch({ control: form.control, name: "paymentReference" });
  const previousReference = useRef(form.getValues("paymentReference"));

  // A declined second representative cannot pay, unless an earlier save already says so.
  const references = PAYMENT_REFERENCES.filter(
    (code) => code !== "REPRESENTATIVE_2" || payers.REPRESENTATIVE_2 !== null || reference === code,
  ).map((code) => ({ value: code, label: t(`enrollment:finance.reference.${code}`) }));

  const fillPayer = (next: string) => {
    const before = previousReference.current;
    previousReference.current = next;
    const payer = isRepresentative(next) ? payers[next] : undefined;
    // A representative's data is filled in; it is not left behind for another payer.
    const values = payer ?? (isRepresentative(before) && !isRepresentative(next) ? EMPTY_PAYER : null);
    if (!values) return;
    for (const field of PAYER_FIELDS) form.setValue(field, values[field], { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger([...PAYER_FIELDS]);
  };

  return (
    <>
      <StepSection id="finance-payer" title={t("enrollment:finance.payerTitle")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t("enrollment:finance.paymentReference")}
            description={t("enrollment:finance.paymentReferenceHint")}
            data={withPlaceholder(references, choose)}
            {...REQUIRED_FIELD}
            {...form.register("paymentReference", { onChange: (event) => fillPayer(String(event.target.value)) })}
            error={errorText(errors.paymentReference?.message)}
          />
          <TextInput
            label={t("enrollment:finance.namePaymentReference")}
            description={
              reference === "COMPANY"
                ? t("enrollment:finance.namePaymentReferenceCompanyHint")
                : t("enrollment:finance.namePaymentReferenceHint")
            }
            {...REQUIRED_FIELD}
            {...form.register("namePaymentReference")}
            error={errorText(errors.namePaymentReference?.message)}
          />
          <NativeSelect
            label={t("enrollment:finance.paymentMethod")}
            data={withPlaceholder(catalogs.paymentMethods, choose)}
            {...REQUIRED_FIELD}
            {...form.register("paymentMethod")}
            error={errorText(errors.paymentMethod?.message)}
          />
        </SimpleGrid>
        <YesNoRadio form={form} name="isScholarShip" label={t("enrollment:finance.isScholarShip")} required />
        {scholarship === "yes" ? (
          <TextInput
            label={t("enrollment:finance.companyScholarShip")}
            {...REQUIRED_FIELD}
            {...form.register("companyScholarShip")}
            error={errorText(errors.companyScholarShip?.message)}
          />
        ) : null}
      </StepSection>

      <StepSection id="finance-invoice" title={t("enrollment:finance.invoiceTitle")}>
        <Text size="sm" c="dimmed">
          {t("enrollment:finance.invoiceHint")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("enrollment:finance.lastName")}
            {...REQUIRED_FIELD}
            {...form.register("lastName")}
            error={errorText(errors.lastName?.message)}
          />
          <TextInput
            label={t("enrollment:finance.secondName")}
            {...form.register("secondName")}
            error={errorText(errors.secondName?.message)}
          />
          <TextInput
            label={t("enrollment:finance.names")}
            {...REQUIRED_FIELD}
            {...form.register("names")}
            error={errorText(errors.names?.message)}
          />
          <TextInput
            label={t("enrollment:finance.email")}
            description={t("enrollment:finance.emailHint")}
            type="email"
            {...REQUIRED_FIELD}
            {...form.register("email")}
            error={errorText(errors.email?.message)}
          />
          <NativeSelect
            label={t("enrollment:finance.typeIdentification")}
            data={catalogs.identificationTypes}
            {...REQUIRED_FIELD}
            {...form.register("typeIdentification")}
            error={errorText(errors.typeIdentification?.message)}
          />
          <TextInput
            label={t("enrollment:finance.documentNumber")}
            {...REQUIRED_FIELD}
            {...form.register("documentNumber")}
            error={errorText(errors.documentNumber?.message)}
          />
        </SimpleGrid>
      </StepSection>

      {/* The school's own codes for the payer and the request: staff pages only. */}
      {staffFields ? (
        <StepSection id="finance-codes" title={t("enrollment:finance.codesTitle")}>
          <Text size="sm" c="dimmed">
            {t("enrollment:finance.codesHint")}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t("enrollment:finance.contactCode")}
              {...form.register("contactCode")}
              error={errorText(errors.contactCode?.message)}
            />
            <TextInput
              label={t("enrollment:finance.studentCodeSchoolYear")}
              {...form.register("studentCodeSchoolYear")}
              error={errorText(errors.studentCodeSchoolYear?.message)}
            />
            <TextInput
              label={t("enrollment:finance.requestCode")}
              {...form.register("requestCode")}
              error={errorText(errors.requestCode?.message)}
            />
          </SimpleGrid>
        </StepSection>
      ) : null}
    </>
  );
}
