import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app/forms.css";
import "./app/shell/shell.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/providers.tsx";
import { router } from "./app/router.tsx";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
