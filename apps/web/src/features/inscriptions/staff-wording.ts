import type { i18n as I18n } from "i18next";

/** The family's wizard texts, and where their staff wording lives (`inscriptions:staffWording.…`). */
const FAMILY_PREFIX = "enrollment:";
const STAFF_PREFIX = "inscriptions:staffWording.";

/** The staff's version of a wizard text's key (whether or not it has one). */
export function staffWordingKey(key: string): string | null {
  return key.startsWith(FAMILY_PREFIX) ? `${STAFF_PREFIX}${key.slice(FAMILY_PREFIX.length)}` : null;
}

type AnyT = (key: unknown, ...rest: unknown[]) => unknown;

/**
 * The module pages render the wizard's own step pages, whose consents speak as the family ("I
 * authorise my child…"). Read by a secretary they must speak of the family ("The family authorises
 * their child…"): this i18n instance, given to the module pages by an I18nextProvider, answers a
 * wizard key with its staff wording when the catalog has one, with the same values (the texts keep
 * their variables), else as the wizard does. Everything else is the app's instance itself (its
 * prototype): language, loaded catalogs and events are shared.
 */
export function withStaffWording(base: I18n): I18n {
  const staff = Object.create(base) as I18n;
  staff.getFixedT = ((...args: Parameters<I18n["getFixedT"]>) => {
    const fixed = base.getFixedT(...args) as unknown as AnyT & Record<string, unknown>;
    const t: AnyT = (key, ...rest) => {
      const staffKey = typeof key === "string" ? staffWordingKey(key) : null;
      return fixed(staffKey && base.exists(staffKey) ? staffKey : key, ...rest);
    };
    return Object.assign(t, { lng: fixed.lng, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
  }) as unknown as I18n["getFixedT"];
  return staff;
}
