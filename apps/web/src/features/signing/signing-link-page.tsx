import { Stack, Text, Title } from "@mantine/core";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { isLinkDocument, linkEndpoint } from "./signing-api.ts";
import { SigningGone } from "./signing-gone.tsx";
import { SigningScreen } from "./signing-screen.tsx";

/**
 * /sign/:token, public (`signingLink`): the e-mailed link of a representative who does not sign
 * from the family's account. It reaches one document of one request and nothing else; the code
 * goes to the e-mail the link was sent to (docs/rules/documents.md "Signing online").
 */
export function SigningLinkPage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const endpoint = useMemo(() => linkEndpoint(token), [token]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="lg" maw={860} w="100%">
      <Title order={1} size="h2" ref={heading} tabIndex={-1} className="portal-focus-target">
        {t(routeTitleKey("signingLink"))}
      </Title>
      <SigningScreen
        endpoint={endpoint}
        linkGone={(error) => <SigningGone error={error} />}
        header={(document) =>
          isLinkDocument(document) ? (
            <Stack gap={2} data-testid="signing-school">
              <Text fw={600}>{document.schoolName}</Text>
              {document.schoolAddress ? (
                <Text size="sm" c="dimmed">
                  {document.schoolAddress}
                </Text>
              ) : null}
              <Text size="sm">{t("signing:screen.requestCode", { code: document.requestCode })}</Text>
            </Stack>
          ) : null
        }
      />
    </Stack>
  );
}
