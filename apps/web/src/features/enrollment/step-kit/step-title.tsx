import { Title } from "@mantine/core";
import { type ReactNode, useEffect, useRef } from "react";

/**
 * A wizard screen's title, focused when it appears: after "Save and next", the
 * stepper or a reload, keyboard and screen-reader users start at the new screen's top, not on the
 * page body halfway down the previous one. Used by every step form, the summary and the
 * congratulations (the keyboard walk, e2e/wizard-keyboard.spec.ts, found the last two left the
 * focus behind). Focused when it mounts, so a screen that shows a loader first focuses it once the
 * data is there.
 */
export function StepTitle({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Title order={1} size="h2" ref={heading} tabIndex={-1} className="portal-focus-target">
      {children}
    </Title>
  );
}
