/*
 * Enrollment at the office (docs/rules/staff-workflow.md "Walk-in families"): how a staff member's
 * wizard calls name the family they act for. Apart from schemas/desk.ts so that the web app's HTTP
 * client, on the first screen, does not bring zod with it (docs/web.md "Bundle budget").
 */

/** The request header by which a staff member's wizard calls act for one family (the desk). */
export const DESK_FAMILY_HEADER = "x-desk-family";
/** The same for a GET the browser makes by itself (an image, a link to an upload): a query parameter. */
export const DESK_FAMILY_QUERY = "deskFamily";
