import { Button, Collapse, Stack } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { type ReactNode, useId } from "react";
import { ChevronDownIcon } from "./chevron-down-icon.tsx";

/** Mantine's `sm` breakpoint (48em): below it a list's filters stack one per row. */
const PHONE_QUERY = "(max-width: 47.99em)";

/**
 * A list's secondary filters: shown as they are from a tablet up; on a phone they would fill the
 * first screen, so they sit behind a button that says how many are set and opens them
 * in place. Closed, they are out of the tab order; what they hold still applies.
 */
export function PhoneCollapsibleFilters({ label, children }: { label: string; children: ReactNode }) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [opened, { toggle }] = useDisclosure(false);
  const id = useId();
  if (!phone) return <>{children}</>;
  return (
    <>
      <Button
        variant="light"
        justify="space-between"
        aria-expanded={opened}
        aria-controls={id}
        onClick={toggle}
        rightSection={<ChevronDownIcon />}
      >
        {label}
      </Button>
      <Collapse in={opened} id={id}>
        <Stack gap="sm">{children}</Stack>
      </Collapse>
    </>
  );
}
