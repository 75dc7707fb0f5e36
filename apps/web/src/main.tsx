// Mantine's global layers first; the build adds to each file that renders a Mantine component
// that component's sheets (vite.config.ts mantineSheets, from apps/web/mantine-css.mjs), so a
// screen's chunk brings only its own. They are the `.layer.css` copies: the app's own CSS, unlayered,
// wins over Mantine's whatever order the lazy chunks' sheets arrive in.
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "./app/login-sheets.ts";
import "./app/forms.css";
import "./app/shell/shell.css";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { DRAWN_PAGE_WAIT_MS, firstScreenReady } from "./app/first-render.ts";
import { AppProviders } from "./app/providers.tsx";
import { buildRouteObjects, preloadScreenOf } from "./app/router.tsx";
import { initialData } from "./lib/initial-data.ts";
import { startPublicConfigRequest } from "./lib/public-config-query.ts";
import { queryClient } from "./lib/query-client.ts";
import { setScreenPreloader } from "./lib/screen-preload.ts";
import { startSessionRequest } from "./lib/session-query.ts";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

if (initialData) {
  // A page the server drew (a public page, docs/web.md "Server-drawn public pages"): it was drawn
  // from these answers, and the browser's first render must be the same page to take it over.
  for (const [queryKey, data] of initialData.queries) queryClient.setQueryData(queryKey, data);
} else {
  // What the first screen waits for leaves now, in parallel, rather than one after the other as
  // React renders: the session check, the branding, the screen's code. The app renders once they
  // are there (app/first-render.ts); until then index.html's spinner shows.
  startSessionRequest();
  startPublicConfigRequest();
}
const screenCode = preloadScreenOf(window.location.pathname);
setScreenPreloader((pathname) => void preloadScreenOf(pathname));
const router = createBrowserRouter(buildRouteObjects());
const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

void firstScreenReady(screenCode, initialData ? DRAWN_PAGE_WAIT_MS : undefined).then(() => {
  if (initialData) {
    // The drawn page stays as it is, usable as a form, while React takes it over; in a transition,
    // so that work is cut into short tasks instead of one long one on a slow phone.
    startTransition(() => {
      hydrateRoot(container, app, {
        // A page React could not take over as drawn is drawn again in the browser (the visitor sees
        // it redrawn); said in the console, where the end-to-end checks look for it.
        onRecoverableError: (error, info) => {
          const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : "";
          console.error(`The drawn page could not be taken over: ${String(error)}${cause}`, info.componentStack ?? "");
        },
      });
    });
    return;
  }
  // index.html's spinner goes in the same task as the app's first paint: no blank frame between.
  container.replaceChildren();
  createRoot(container).render(app);
});
