/**
 * The pages the server draws, by route id (packages/shared/src/routes.ts): the public pages and
 * the system pages a visitor may land on before signing in. `file` is the screen's module as the
 * build manifest names it (its style sheets and code are linked from the drawn page);
 * `namespaces`, what it needs beyond the first screen's catalogs (as app/screens.ts loads them).
 */
export const DRAWN_PAGES: Readonly<Record<string, { file: string; namespaces: readonly string[] }>> = {
  login: { file: "src/features/auth/login-page.tsx", namespaces: [] },
  register: { file: "src/features/auth/register-page.tsx", namespaces: [] },
  forgotPassword: { file: "src/features/auth/forgot-password-page.tsx", namespaces: [] },
  resetPassword: { file: "src/features/auth/reset-password-page.tsx", namespaces: [] },
  accountActivate: { file: "src/features/auth/activate-page.tsx", namespaces: ["users"] },
  documentCheck: { file: "src/features/document-check/document-check-page.tsx", namespaces: ["signing"] },
  maintenance: { file: "src/features/system/maintenance-page.tsx", namespaces: [] },
  pageNotFound: { file: "src/features/system/page-not-found-page.tsx", namespaces: [] },
};
