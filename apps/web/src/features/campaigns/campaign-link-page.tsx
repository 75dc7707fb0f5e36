import { Anchor, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { AnswerForm } from "./answer-form.tsx";
import { answerByLink, openLink } from "./campaigns-api.ts";

/**
 * /reenrollment-answer/:token, public: the e-mailed link's answer form, for its family only and
 * until the deadline, without signing in (docs/rules/campaigns.md "Answering"). It reaches nothing
 * else: starting a returning child's file asks to sign in.
 */
export function CampaignLinkPage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const form = useQuery({ queryKey: ["campaign-link", token], queryFn: () => openLink(token), retry: false });
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} size="h2" ref={heading} tabIndex={-1} className="portal-focus-target">
        {t(routeTitleKey("campaignAnswer"))}
      </Title>
      {form.isPending ? <PageLoader /> : null}
      {form.isError ? (
        <FormErrorAlert error={form.error}>
          <Text size="sm" mt="xs">
            <Link to="/login">{t("auth:common.backToLogin")}</Link>
          </Text>
        </FormErrorAlert>
      ) : null}
      {form.data ? (
        <AnswerForm
          campaign={form.data}
          save={(answers) => answerByLink(token, answers)}
          nextStep={(returning) => (
            <Text size="sm">
              {t("campaigns:link.nextStep", { names: returning.join(", ") })}{" "}
              <Anchor component={Link} to="/login">
                {t("campaigns:link.signIn")}
              </Anchor>
            </Text>
          )}
        />
      ) : null}
    </Stack>
  );
}
