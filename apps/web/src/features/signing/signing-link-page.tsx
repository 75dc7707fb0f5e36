import { Stack, Text, Title } from "@mantine/core";
import { tokenField } from "@portal/shared/schemas/fields";
import { SIGNING_ERRORS } from "@portal/shared/schemas/signing";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ApiError } from "../../lib/api-error.ts";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { isLinkDocument, linkEndpoint } from "./signing-api.ts";
import { SigningGone } from "./signing-gone.tsx";
import { SigningScreen } from "./signing-screen.tsx";

/**
 * /sign/:token, public (`signingLink`): the e-mailed link of a representative who does not sign
 * from the family's account. It reaches one document of one request and nothing else; the code
 * goes to the e-mail the link was sent to (docs/rules/documents.md "Signing online"). A token that
 * is not a token's shape is answered here as an unknown link, without asking the server.
 */
export function SigningLinkPage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const endpoint = useMemo(() => linkEndpoint(token), [token]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // A link cut short by a mail client cannot match one: said as an unknown link, not as a form error.
  const wellFormed = tokenField.safeParse(token).success;
  return (
    <Stack gap="lg" maw={860} w="100%">
      <Title order={1} size="h2" ref={heading} tabIndex={-1} className="portal-focus-target">
        {t(routeTitleKey("signingLink"))}
      </Title>
      {wellFormed ? null : (
        <SigningGone
          error={new ApiError(404, SIGNING_ERRORS.linkNotFound, t(`errors:${SIGNING_ERRORS.linkNotFound}`))}
        />
      )}
      {wellFormed && (
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
      )}
    </Stack>
  );
}
