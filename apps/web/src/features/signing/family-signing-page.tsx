import { Anchor, Stack, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { routeTitleKey } from "../../lib/route-title-key.ts";
import { useInscriptionStore } from "../enrollment/enrollment-store.ts";
import { wizardPath } from "../enrollment/wizard-steps.ts";
import { familyEndpoint, familySigningKey } from "./signing-api.ts";
import { SigningGone } from "./signing-gone.tsx";
import { SigningScreen } from "./signing-screen.tsx";

const positive = (value: string | undefined): number => (value && /^\d{1,9}$/.test(value) ? Number(value) : 0);

/**
 * The family's signing screen (`familySigning`, under its enrollments): one document of its sent
 * file, signed by the account's representative with a code sent to the account's e-mail. The
 * file and the document are in the address, so a reload comes back here.
 */
export function FamilySigningPage() {
  const { t } = useTranslation();
  const params = useParams();
  const fileId = positive(params.fileId);
  const documentId = positive(params.documentId);
  const queryClient = useQueryClient();
  const selectFileId = useInscriptionStore((state) => state.selectFileId);
  const endpoint = useMemo(() => familyEndpoint(fileId, documentId), [fileId, documentId]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack gap="lg" maw={860}>
      <Anchor component={Link} to={wizardPath("congratulations")} onClick={() => selectFileId(fileId)} size="sm">
        {t("signing:screen.backToFile")}
      </Anchor>
      <Title order={1} size="h2" ref={heading} tabIndex={-1} className="portal-focus-target">
        {t(routeTitleKey("familySigning"))}
      </Title>
      <SigningScreen
        endpoint={endpoint}
        linkGone={(error) => <SigningGone error={error} />}
        afterSigned={() => void queryClient.invalidateQueries({ queryKey: familySigningKey(fileId) })}
      />
    </Stack>
  );
}
