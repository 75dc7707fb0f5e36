import type { ComponentType } from "react";

/**
 * The elections' screens: the families' five pages and the Admin's five settings
 * screens, each its own chunk. The app's screen table (app/screens.ts) reaches them through this
 * small module, so the entry chunk — on the login route, under its byte budget —
 * carries one import and one file name for the ten instead of each chunk's name and preload list.
 */
const screen = <T>(load: Promise<T>, pick: (module: T) => unknown) => load.then((m) => pick(m) as ComponentType);

export const ELECTION_SCREENS = {
  "elections.inProgress": () => screen(import("./elections-in-progress-page.tsx"), (m) => m.ElectionsInProgressPage),
  "elections.upcoming": () => screen(import("./elections-upcoming-page.tsx"), (m) => m.ElectionsUpcomingPage),
  "elections.completed": () => screen(import("./elections-completed-page.tsx"), (m) => m.ElectionsCompletedPage),
  "elections.candidates": () => screen(import("./election-candidates-page.tsx"), (m) => m.ElectionCandidatesPage),
  "elections.organizations": () =>
    screen(import("./election-organizations-page.tsx"), (m) => m.ElectionOrganizationsPage),
  "settings.elections": () => screen(import("./settings/elections-settings-page.tsx"), (m) => m.ElectionsSettingsPage),
  "settings.positions": () => screen(import("./settings/positions-page.tsx"), (m) => m.PositionsPage),
  "settings.organizations": () => screen(import("./settings/organizations-page.tsx"), (m) => m.OrganizationsPage),
  "settings.organizationsAssociate": () =>
    screen(import("./settings/election-lists-page.tsx"), (m) => m.ElectionListsPage),
  "settings.electionsResult": () => screen(import("./settings/election-result-page.tsx"), (m) => m.ElectionResultPage),
};

export type ElectionScreen = keyof typeof ELECTION_SCREENS;
