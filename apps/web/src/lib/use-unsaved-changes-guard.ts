import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { confirmUnsavedChanges } from "./confirm.tsx";

/**
 * Asks before leaving a screen with unsaved changes: in-app navigation through the router blocker
 * and our own dialog, closing or reloading the tab through the browser's own prompt.
 */
export function useUnsavedChangesGuard(isDirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  // StrictMode runs effects twice; one blocked navigation must open one dialog.
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== "blocked" || asking.current) return;
    asking.current = true;
    void confirmUnsavedChanges().then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only prompt when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [isDirty]);
}
