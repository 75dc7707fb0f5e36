// The code's walls, checked by `npm run lint` (docs/architecture.md "Walls"). An import that
// breaks one fails the lint. `.dependency-cruiser-known-violations.json` lists the imports that
// broke a wall when it was built (other modules' repositories, read until the enrollment record
// has one owner): they are reported as known, never added to; regenerate it only to shrink it
// (`npx depcruise apps packages e2e scripts --config .dependency-cruiser.cjs --output-type baseline
// --output-to .dependency-cruiser-known-violations.json`).

const FEATURES = "^apps/web/src/features/";

/**
 * Where one web feature may use another's files, and why. Anything else a feature needs from
 * another goes to components/ or lib/, or is declared here.
 */
const FEATURE_EXCEPTIONS = [
  // The account page signs out and manages the second factor with the sign-in's own pieces.
  { from: "account", to: ["auth/use-logout.ts", "auth/components/", "auth/api/mfa-api.ts"] },
  { from: "system", to: ["auth/use-logout.ts"] },
  // My data is a page of the account area: it sits in the area's frame.
  { from: "my-data", to: ["account/account-area-frame.tsx"] },
  // So is withdrawing a consent.
  { from: "consents", to: ["account/account-area-frame.tsx"] },
  // The staff's request and module pages show a withdrawal with the consents feature's notice.
  { from: "inscriptions", to: ["consents/consent-withdrawal-notice.tsx"] },
  // So are the family's data-rights requests.
  { from: "data-rights", to: ["account/account-area-frame.tsx"] },
  // The school years a family may act in: one query, the login's.
  { from: "enrollment", to: ["auth/api/auth-api.ts"] },
  { from: "inscriptions", to: ["auth/api/auth-api.ts"] },
  // The dashboard's figures open the staff's request lists with their filters.
  { from: "dashboard", to: ["inscriptions/request-lists.ts", "inscriptions/list-query.ts"] },
  // The family's welcome page says when a re-enrollment campaign is open for it.
  { from: "enrollment", to: ["campaigns/open-campaign-notice.tsx"] },
  // A family replaces a rejected photo through the photos' upload.
  { from: "enrollment", to: ["photos/photos-api.ts"] },
  // Filling in the wizard for a walk-in family starts it afresh: no file of the previous family kept.
  { from: "desk", to: ["enrollment/enrollment-store.ts"] },
  // The desk's list of families searches with the request lists' search box.
  { from: "desk", to: ["inscriptions/list-filters.tsx"] },
  // The staff edit a sent file with the family's own step forms (one form, two contexts).
  { from: "inscriptions", to: ["enrollment/"] },
  // A request list writes to its families: the message screen's link, built from the list's query.
  { from: "inscriptions", to: ["messages/audience-link.ts"] },
  { from: "reports", to: ["messages/audience-link.ts"] },
  { from: "campaigns", to: ["messages/audience-link.ts"] },
  // Signing online (docs/rules/documents.md "Signing online"): the family's sent file shows its
  // "Sign online" section, the staff's request page its signatures; the family's signing screen
  // leads back to the sent file (the wizard's current file and its congratulations' address).
  { from: "enrollment", to: ["signing/sign-online-section.tsx"] },
  { from: "inscriptions", to: ["signing/signatures-panel.tsx"] },
  { from: "signing", to: ["enrollment/enrollment-store.ts", "enrollment/wizard-steps.ts"] },
  // The photos' review is a request list: its filters, its query, its reason dialog.
  {
    from: "photos",
    to: [
      "inscriptions/list-filters.tsx",
      "inscriptions/list-query.ts",
      "inscriptions/requests-api.ts",
      "inscriptions/action-dialogs.tsx",
    ],
  },
];

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const featuresWithExceptions = [...new Set(FEATURE_EXCEPTIONS.map((rule) => rule.from))];

const featureWalls = [
  {
    name: "web-feature-walls",
    comment: "A web feature uses another only where .dependency-cruiser.cjs declares it (FEATURE_EXCEPTIONS).",
    severity: "error",
    from: { path: `${FEATURES}([^/]+)/`, pathNot: featuresWithExceptions.map((name) => `${FEATURES}${name}/`) },
    to: { path: FEATURES, pathNot: `${FEATURES}$1/` },
  },
  ...featuresWithExceptions.map((name) => ({
    name: "web-feature-walls",
    comment: "A web feature uses another only where .dependency-cruiser.cjs declares it (FEATURE_EXCEPTIONS).",
    severity: "error",
    from: { path: `${FEATURES}${name}/` },
    to: {
      path: FEATURES,
      pathNot: [
        `${FEATURES}${name}/`,
        ...FEATURE_EXCEPTIONS.filter((rule) => rule.from === name).flatMap((rule) =>
          rule.to.map((target) => `${FEATURES}${escapeRegex(target)}`),
        ),
      ],
    },
  })),
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import cycles, type imports included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-layers-down",
      comment: "db/, lib/, mail/ and kernel/ are below the modules: they never import one.",
      severity: "error",
      from: { path: "^apps/server/src/(db|lib|mail|kernel)/" },
      to: { path: "^apps/server/src/modules/" },
    },
    {
      name: "no-foreign-repository",
      comment: "A module reads and writes its own tables; another module's data comes through that module's service.",
      severity: "error",
      from: { path: "^apps/server/src/modules/([^/]+)/" },
      to: { path: "^apps/server/src/modules/[^/]+/.*repository\\.ts$", pathNot: "^apps/server/src/modules/$1/" },
    },
    {
      name: "routes-not-db",
      comment: "Routes are thin: they call services, never the database.",
      severity: "error",
      from: { path: "\\.routes\\.ts$" },
      to: { path: "^apps/server/src/db/" },
    },
    ...featureWalls,
    {
      name: "web-not-server",
      comment: "The web app never imports the server.",
      severity: "error",
      // The summary's text test checks the web's wording against the server's own catalogues and
      // the step bodies the server's tests send: fixtures, never shipped.
      from: { path: "^apps/web/", pathNot: "^apps/web/src/features/enrollment/summary/summary-text\\.test\\.ts$" },
      to: { path: "^apps/server/" },
    },
    {
      name: "packages-not-apps",
      comment: "The shared packages are below both apps.",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|node_modules|test-results)/" },
    // Type-only imports count: a cycle through types still ties the files together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
  },
};
