/**
 * Starts downloading the code of the screen an address opens, ahead of a navigation a click is
 * about to make (features/enrollment/prefetch-step.ts). The app sets how (main.tsx, from its
 * router's screens), so a feature can ask without reaching into the app's router; until then, and
 * in component tests, asking does nothing.
 */
let preloader: (pathname: string) => void = () => {};

export function setScreenPreloader(preload: (pathname: string) => void): void {
  preloader = preload;
}

export function preloadScreen(pathname: string): void {
  preloader(pathname);
}
