import { DESK_FAMILY_HEADER } from "@portal/shared/schemas/desk";
import { useSyncExternalStore } from "react";

/**
 * Enrollment at the office (docs/rules/staff-workflow.md "Walk-in families"): while a staff member
 * fills in the wizard for a family, the wizard's calls carry the family's id in a header and the
 * wizard shows whom it is for. Kept in this tab's session storage (a reload stays in it; another
 * tab, or signing out, which clears the storage, does not).
 */
export interface DeskFamilyMode {
  id: number;
  /** The family as the banner names it. */
  name: string;
  /** The staff member acting: another account signed in in this tab never inherits the mode. */
  staffId: number;
  /** The account holder's details, for the representative step's "I am the account holder". */
  holder: { firstSurname: string; secondSurname: string; names: string; email: string; phone: string };
}

const KEY = "portal.deskFamily";
const listeners = new Set<() => void>();
let current: DeskFamilyMode | null = read();

function read(): DeskFamilyMode | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as DeskFamilyMode) : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function deskFamilyMode(): DeskFamilyMode | null {
  return current;
}

export function startDeskMode(mode: DeskFamilyMode): void {
  current = mode;
  sessionStorage.setItem(KEY, JSON.stringify(mode));
  emit();
}

export function endDeskMode(): void {
  current = null;
  sessionStorage.removeItem(KEY);
  emit();
}

/** The header a call to `path` carries: only the family's own wizard routes act for it. */
export function deskHeaders(path: string): Record<string, string> {
  if (!current || !path.startsWith("/api/enrollment/")) return {};
  return { [DESK_FAMILY_HEADER]: String(current.id) };
}

/** The desk mode for this signed-in account (null for anyone else, families included). */
export function useDeskFamilyMode(userId: number | null | undefined): DeskFamilyMode | null {
  const mode = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
  return mode && mode.staffId === userId ? mode : null;
}
