// Mantine's global layers first (issue #13); each file that renders a Mantine component imports
// that component's sheets itself (apps/web/mantine-css.mjs says which, a unit test checks), so a
// screen's chunk brings only its own. They are the `.layer.css` copies: the app's own CSS, unlayered,
// wins over Mantine's whatever order the lazy chunks' sheets arrive in.
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "./app/login-sheets.ts";
import "./app/forms.css";
import "./app/shell/shell.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { firstScreenReady } from "./app/first-render.ts";
import { AppProviders } from "./app/providers.tsx";
import { preloadScreenOf, router } from "./app/router.tsx";
import { startPublicConfigRequest } from "./lib/public-config-query.ts";
import { startSessionRequest } from "./lib/session-query.ts";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// What the first screen waits for leaves now, in parallel, rather than one after the other as
// React renders (issue #13): the session check, the branding, the screen's code. The app renders
// once they are there (app/first-render.ts); until then index.html's spinner shows.
startSessionRequest();
startPublicConfigRequest();
const screenCode = preloadScreenOf(window.location.pathname);

void firstScreenReady(screenCode).then(() => {
  // index.html's spinner goes in the same task as the app's first paint: no blank frame between.
  container.replaceChildren();
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
