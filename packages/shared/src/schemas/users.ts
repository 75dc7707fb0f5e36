import { z } from "zod";
import { LANGUAGE_CODES } from "../languages.ts";
import { ROLES } from "../roles.ts";
import { DEFAULT_PAGE_SIZE, pageField, pageSizeField, SORT_ORDERS, searchField } from "./requests.ts";

/**
 * The Admin's accounts list (GET /api/users): query string and answer. Every parameter
 * is optional; an unknown or repeated one, or a value outside its list, is a 400 naming it.
 */

/**
 * active: activated and not switched off; inactive: switched off by the Admin (deactivated);
 * notActivated: never followed the activation link; locked: sign-ins throttled after failures.
 */
export const USER_STATES = ["active", "inactive", "notActivated", "locked"] as const;
export type UserState = (typeof USER_STATES)[number];

export const USER_SORTS = ["name", "email", "lastLogin", "createdAt"] as const;
export type UserSort = (typeof USER_SORTS)[number];

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: "validation.choice" });

export const userListQuerySchema = z.strictObject({
  q: searchField.optional(),
  role: choice(ROLES).optional(),
  state: choice(USER_STATES).optional(),
  sort: choice(USER_SORTS).default("name"),
  /** Default: desc when sorting by a date, asc otherwise. */
  order: choice(SORT_ORDERS).optional(),
  page: pageField.default(1),
  pageSize: pageSizeField.default(DEFAULT_PAGE_SIZE),
});
export type UserListQueryInput = z.input<typeof userListQuerySchema>;
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const userListItemSchema = z.object({
  id: z.number(),
  names: z.string(),
  surnames: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  language: z.enum(LANGUAGE_CODES),
  /** One state; a deactivated account shows as inactive even if it is also throttled. */
  state: z.enum(USER_STATES),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userListSchema = z.object({
  items: z.array(userListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type UserList = z.infer<typeof userListSchema>;

/** GET /api/users/:id: the account, and for a family its students and their requests. */
export const userDetailSchema = z.object({
  /** `mfaEnabled`: the account has set up two-step verification (the Admin may reset it). */
  account: userListItemSchema.extend({ phone: z.string(), mfaEnabled: z.boolean() }),
  students: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      documentNumber: z.string(),
      requests: z.array(
        z.object({
          id: z.number(),
          code: z.string(),
          schoolYear: z.string(),
          status: z.string(),
          createdAt: z.string(),
        }),
      ),
    }),
  ),
});
export type UserDetail = z.infer<typeof userDetailSchema>;
