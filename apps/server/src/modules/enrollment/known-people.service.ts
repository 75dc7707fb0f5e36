import { authorizedPersonSchema } from "@portal/shared/schemas/enrollment/authorized-persons";
import { representativeSchema } from "@portal/shared/schemas/enrollment/representative";
import type { KnownPeople, KnownPerson } from "@portal/shared/schemas/enrollment-responses";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { CurrentUser } from "../../plugins/request-types.ts";
import { ownFile } from "./enrollment.service.ts";
import { listFamilyPeopleSteps, type PeopleStepRow } from "./known-people.repository.ts";

type Data = Record<string, unknown>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Data =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A saved person as the form wants it: the confirmations equal to the values (the family typed
 * both when it was saved). Null when the data no longer passes the step's schema (an old or
 * partial copy), so only people that can be saved as they are get offered.
 */
function asKnownPerson(schema: z.ZodType, saved: Data, studentName: string): KnownPerson | null {
  const data: Data = { ...saved };
  if (typeof data.email === "string") data.emailConfirmation = data.email;
  if (typeof data.cellPhone === "string") data.cellPhoneConfirmation = data.cellPhone;
  if (!schema.safeParse(data).success) return null;
  return {
    typeIdentification: Number(data.typeIdentification),
    documentNumber: String(data.documentNumber),
    displayName: [data.names, data.firstName, data.secondName]
      .filter((part) => typeof part === "string" && part !== "")
      .join(" "),
    studentName,
    data,
  };
}

/** Keeps the first (latest) person of each identification. */
function addUnique(list: KnownPerson[], seen: Set<string>, person: KnownPerson | null): void {
  if (!person) return;
  const key = `${person.typeIdentification}:${person.documentNumber}`;
  if (seen.has(key)) return;
  seen.add(key);
  list.push(person);
}

/** Splits the family's saved people steps into the two lists, latest first, one per identification. */
export function knownPeopleOf(rows: PeopleStepRow[]): KnownPeople {
  const representatives: KnownPerson[] = [];
  const authorizedPersons: KnownPerson[] = [];
  const seenRepresentatives = new Set<string>();
  const seenAuthorized = new Set<string>();
  for (const row of rows) {
    const data = parseJson(row.data);
    if (!isObject(data)) continue;
    if (row.step === "authorizedPersons") {
      const persons = Array.isArray(data.persons) ? data.persons : [];
      for (const person of persons) {
        if (isObject(person)) {
          addUnique(authorizedPersons, seenAuthorized, asKnownPerson(authorizedPersonSchema, person, row.student_name));
        }
      }
    } else if (data.declined !== true) {
      addUnique(representatives, seenRepresentatives, asKnownPerson(representativeSchema, data, row.student_name));
    }
  }
  return { representatives, authorizedPersons };
}

/**
 * GET /api/enrollment/files/:fileId/known-people: the representatives and authorized persons the
 * family saved on its other files (siblings', earlier years'), for reuse on this file's steps.
 */
export async function getKnownPeople(ctx: AppContext, user: CurrentUser, fileId: number): Promise<KnownPeople> {
  const { file, student } = await ownFile(ctx, user, fileId);
  return knownPeopleOf(await listFamilyPeopleSteps(ctx.db, student.family_user_id, file.id));
}
