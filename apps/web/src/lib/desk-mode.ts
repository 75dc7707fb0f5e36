import { DESK_FAMILY_HEADER } from "@portal/shared/desk-header";
import { useEffect, useSyncExternalStore } from "react";

/**
 * Enrollment at the office (docs/rules/staff-workflow.md "Walk-in families"): while a staff member
 * fills in the wizard for a family, the wizard's calls carry the family's id in a header and the
 * wizard shows whom it is for. This tab's session storage keeps the family's id and the staff
 * member's, nothing personal (no personal data in browser storage: docs/security.md): a reload
 * stays in the mode and reads the family's name and account holder again from the server; another
 * tab, or signing out, which clears the storage, does not.
 */
export interface DeskFamilyMode {
  id: number;
  /** The family as the banner names it ("" while read again after a reload). */
  name: string;
  /** The staff member acting: another account signed in in this tab never inherits the mode. */
  staffId: number;
  /**
   * The account holder's details, for the representative step's "I am the account holder"; null
   * while read again after a reload.
   */
  holder: { firstSurname: string; secondSurname: string; names: string; email: string; phone: string } | null;
}

/** What GET /api/desk/families/:id says of the family that the mode needs. */
interface DeskFamilyDetails {
  id: number;
  firstSurname: string;
  secondSurname: string;
  names: string;
  email: string | null;
  phone: string;
}

const KEY = "portal.deskFamily";
const listeners = new Set<() => void>();
let current: DeskFamilyMode | null = read();
let restoring = false;

function read(): DeskFamilyMode | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const stored = raw ? (JSON.parse(raw) as { id?: unknown; staffId?: unknown }) : null;
    if (!stored || !Number.isInteger(stored.id) || !Number.isInteger(stored.staffId)) return null;
    return { id: stored.id as number, staffId: stored.staffId as number, name: "", holder: null };
  } catch {
    return null;
  }
}

/** The mode for `family`, as the staff member `staffId` starts it. */
export function deskModeOf(family: DeskFamilyDetails, staffId: number): DeskFamilyMode {
  return {
    id: family.id,
    name: [family.names, family.firstSurname, family.secondSurname].filter(Boolean).join(" "),
    staffId,
    holder: {
      firstSurname: family.firstSurname,
      secondSurname: family.secondSurname,
      names: family.names,
      email: family.email ?? "",
      phone: family.phone,
    },
  };
}

/**
 * After a reload the mode knows only the ids: the family's details are read again (a plain GET, as
 * lib/http.ts itself sends this module's header). A family gone, or no longer this staff member's
 * to act for, ends the mode.
 */
function restoreDetails(): void {
  if (!current || current.holder || restoring) return;
  const { id, staffId } = current;
  restoring = true;
  fetch(`/api/desk/families/${id}`, { headers: { accept: "application/json" }, credentials: "same-origin" })
    .then(async (response) => {
      if (current?.id !== id || current.staffId !== staffId) return;
      if (response.status === 403 || response.status === 404) endDeskMode();
      else if (response.ok) {
        current = deskModeOf((await response.json()) as DeskFamilyDetails, staffId);
        emit();
      }
    })
    .catch(() => undefined)
    .finally(() => {
      restoring = false;
    });
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function deskFamilyMode(): DeskFamilyMode | null {
  return current;
}

export function startDeskMode(mode: DeskFamilyMode): void {
  current = mode;
  sessionStorage.setItem(KEY, JSON.stringify({ id: mode.id, staffId: mode.staffId }));
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
  const mine = mode && mode.staffId === userId ? mode : null;
  useEffect(() => {
    if (mine && !mine.holder) restoreDetails();
  }, [mine]);
  return mine;
}
