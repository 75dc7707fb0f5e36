import { Alert, Button, NativeSelect, Paper, Radio, Stack, Text, Title } from "@mantine/core";
import { CAMPAIGN_ANSWERS, type CampaignAnswer, type FamilyCampaign } from "@portal/shared/schemas/campaigns";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { REQUIRED_FIELD } from "../../components/ui/required-field.ts";
import { formatDay, formatInstant } from "../../lib/dates.ts";
import { notifySuccess } from "../../lib/toasts.ts";

type Choice = { answer: CampaignAnswer | ""; reasonCode: string };

const choicesOf = (campaign: FamilyCampaign): Record<number, Choice> =>
  Object.fromEntries(
    campaign.children.map((child) => [
      child.studentId,
      { answer: child.answer ?? "", reasonCode: child.reasonCode ?? "" },
    ]),
  );

/**
 * A family's answer to a re-enrollment campaign (docs/rules/campaigns.md "Answering"): every covered
 * child on one form, "returns", "leaves" (with a reason) or "undecided". The portal's screen and the
 * e-mailed link's screen both show it; `nextStep` says what follows for the returning children.
 * Closed after the deadline: the answers read-only and whom to contact.
 */
export function AnswerForm({
  campaign,
  save,
  nextStep,
}: {
  campaign: FamilyCampaign;
  save: (body: {
    answers: { studentId: number; answer: CampaignAnswer; reasonCode?: string }[];
  }) => Promise<FamilyCampaign>;
  nextStep: (returning: string[]) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [current, setCurrent] = useState(campaign);
  const [choices, setChoices] = useState(() => choicesOf(campaign));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      setCurrent(saved);
      setChoices(choicesOf(saved));
      notifySuccess(t("campaigns:form.saved"));
    },
  });
  const set = (studentId: number, change: Partial<Choice>) =>
    setChoices((all) => ({ ...all, [studentId]: { ...all[studentId]!, ...change } }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Record<number, string> = {};
    for (const child of current.children) {
      const choice = choices[child.studentId]!;
      if (!choice.answer) next[child.studentId] = t("campaigns:form.answerRequired");
      else if (choice.answer === "leaves" && !choice.reasonCode)
        next[child.studentId] = t("validation:campaign.reasonRequired");
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    mutation.mutate({
      answers: current.children.map((child) => {
        const choice = choices[child.studentId]!;
        const answer = choice.answer as CampaignAnswer;
        return answer === "leaves"
          ? { studentId: child.studentId, answer, reasonCode: choice.reasonCode }
          : { studentId: child.studentId, answer };
      }),
    });
  };

  const deadline = formatDay(current.deadline, i18n.language);
  const returning = current.children.filter((child) => child.answer === "returns").map((child) => child.name);
  return (
    <Stack gap="md">
      <Paper withBorder p="lg">
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t("campaigns:form.title", { year: current.schoolYearLabel })}
          </Title>
          <Text style={{ whiteSpace: "pre-line" }}>{current.message}</Text>
          <Text size="sm" fw={600}>
            {t("campaigns:form.deadline", { deadline })}
          </Text>
        </Stack>
      </Paper>
      {current.open ? null : (
        <Alert color="orange" title={t("campaigns:form.closedTitle")} role="status">
          {t("campaigns:form.closed", { deadline, school: current.contact.school, email: current.contact.email })}
        </Alert>
      )}
      {current.answeredAt ? (
        <Alert color="green" title={t("campaigns:form.answeredTitle")} role="status">
          <Stack gap="xs">
            <Text size="sm">
              {t("campaigns:form.answeredAt", { at: formatInstant(current.answeredAt, i18n.language) })}
            </Text>
            {returning.length > 0 ? nextStep(returning) : null}
          </Stack>
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate aria-label={t("campaigns:form.title", { year: current.schoolYearLabel })}>
        <Stack gap="md">
          <FormErrorAlert error={mutation.error} />
          {current.children.map((child) => {
            const choice = choices[child.studentId]!;
            return (
              <Paper withBorder p="md" key={child.studentId}>
                <Stack gap="sm">
                  <Radio.Group
                    {...REQUIRED_FIELD}
                    label={child.name}
                    value={choice.answer}
                    onChange={(value) => set(child.studentId, { answer: value as CampaignAnswer })}
                    error={choice.answer === "leaves" ? undefined : errors[child.studentId]}
                  >
                    <Stack gap={6} mt="xs">
                      {CAMPAIGN_ANSWERS.map((answer) => (
                        <Radio
                          key={answer}
                          value={answer}
                          label={t(`campaigns:form.choices.${answer}`)}
                          disabled={!current.open}
                        />
                      ))}
                    </Stack>
                  </Radio.Group>
                  {choice.answer === "leaves" ? (
                    <NativeSelect
                      {...REQUIRED_FIELD}
                      label={t("campaigns:form.reason", { name: child.name })}
                      value={choice.reasonCode}
                      disabled={!current.open}
                      onChange={(event) => set(child.studentId, { reasonCode: event.currentTarget.value })}
                      data={[
                        { value: "", label: t("campaigns:form.chooseReason") },
                        ...current.reasons.map((reason) => ({ value: reason.code, label: reason.label })),
                      ]}
                      error={errors[child.studentId]}
                    />
                  ) : null}
                </Stack>
              </Paper>
            );
          })}
          {current.open ? (
            <Button type="submit" loading={mutation.isPending} style={{ alignSelf: "flex-start" }}>
              {t("campaigns:form.submit")}
            </Button>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
