import { Group, Image, Text, UnstyledButton } from "@mantine/core";
import { Link } from "react-router";
import { useBranding } from "../../lib/public-config-query.ts";

/** The school's logo and name from the run-time branding; links to the user's home. */
export function BrandMark({ to }: { to: string }) {
  const { schoolName, logoUrl } = useBranding();
  return (
    // The name is hidden on narrow phones to leave room for the controls, so the link carries it too.
    <UnstyledButton component={Link} to={to} className="portal-brand" miw={0} aria-label={schoolName}>
      <Group gap="sm" wrap="nowrap" miw={0}>
        {logoUrl ? <Image src={logoUrl} alt="" h={40} w="auto" fit="contain" /> : null}
        <Text fw={700} size="lg" truncate="end" visibleFrom="xs" aria-hidden="true">
          {schoolName}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
