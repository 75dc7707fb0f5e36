import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// How long `findBy…`/`waitFor` wait for what should appear: lazy chunks (the captcha, the second
// step, zod) are compiled on first import, slower than a second on a loaded two-core machine. Not a
// delay: a passing wait returns as soon as the element is there.
configure({ asyncUtilTimeout: 5000 });

/**
 * What jsdom lacks and the app's components use: Mantine reads media queries and observes sizes,
 * a step form scrolls the first field with a server message into view. Inert stand-ins: nothing
 * in these tests depends on layout.
 */
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window.ResizeObserver === "undefined") {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.scrollTo ??= () => {};
// jsdom has one that only reports "not implemented" (a step's title scrolls the page to the top).
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});
