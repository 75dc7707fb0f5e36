import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { StepId } from "@portal/shared/enrollment-steps";
import type { RequestStatus } from "@portal/shared/request-status";
import { LEVEL_CODES, type LevelCode } from "@portal/shared/rules/levels";
import { sql } from "kysely";
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { type Db, type Engine, writeTransaction } from "../db/database.ts";
import type { Database } from "../db/types.ts";
import { randomToken } from "../lib/crypto.ts";
import { requestListColumns } from "../modules/requests/request-columns.ts";

/*
 * A large, realistic school for the staff's lists: `npm run seed:large` and the list
 * benchmark. Ecuadorian, French and mixed families with 1 to 4 children, valid cédulas and
 * passports, levels by age, first enrollments and re-enrollments, requests in every status, a
 * share of Test-role families (test data), and a few files still being filled in. Every step is
 * valid under the shared schemas (large-school.test.ts checks it). Uploads: a handful of shared
 * rows (with their files on disk) that every generated step points at.
 *
 * Rows are inserted with explicit ids in multi-row statements, a batch of families per
 * transaction, so 100,000 requests take minutes.
 */

// ---- Deterministic randomness ----

export type Rng = () => number;

/** mulberry32: small, fast, seedable (the same seed gives the same school). */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
const chance = (rng: Rng, p: number) => rng() < p;
function weighted<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  return entries[entries.length - 1]![0];
}
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

// ---- Names, places, documents ----

/** A comma-separated list (keeps the long name lists compact). */
const csv = (list: string): readonly string[] => list.split(",");

export const ES_FEMALE = csv(
  "María José,Sofía,Valentina,Camila,Isabella,Martina,Lucía,Emilia,Renata,Daniela,Ana Paula," +
    "Doménica,Nicole,Paula,Victoria,Antonella,Elena,Gabriela,Josefina,Mía,Ángela,Úrsula,Inés," +
    "Carmen,Rosa Elena,Verónica,Fernanda,Mariana,Ximena,Belén",
);
export const ES_MALE = csv(
  "Mateo,Santiago,Sebastián,Matías,Nicolás,Samuel,Martín,Benjamín,Joaquín,Emiliano,Tomás," +
    "Daniel,Diego,Alejandro,Juan José,Juan Pablo,David,Gabriel,Andrés,Iker,José Miguel,Álvaro," +
    "Ángel,Óscar,Jorge,Luis Fernando,Carlos,Esteban,Ismael,Francisco",
);
const ES_SURNAMES = csv(
  "Andrade,Zambrano,Vera,Mendoza,Cedeño,Macías,Pérez,García,Rodríguez,López,Morales,Torres," +
    "Suárez,Espinoza,Villacís,Guerrero,Castillo,Benítez,Chávez,Jaramillo,Salazar,Paredes," +
    "Carrión,Ordóñez,Núñez,Cevallos,Palacios,Moreira,Intriago,Guamán,Quishpe,Tenesaca," +
    "Chiriboga,Larrea,Ponce,Montalvo,Álvarez,Ávila,Loor,Yépez,Muñoz,Peñaherrera,Calderón," +
    "Córdova,Viteri,Egas,Borja,Noboa,Naranjo,Toapanta",
);
const FR_FEMALE = csv(
  "Camille,Léa,Chloé,Manon,Inès,Jade,Louise,Zoé,Élodie,Océane,Anaïs,Clémence,Maëlle," +
    "Juliette,Héloïse,Margaux,Émilie,Sophie,Aurélie,Céline",
);
const FR_MALE = csv(
  "Lucas,Hugo,Louis,Gabriel,Arthur,Jules,Raphaël,Théo,Noé,Mathéo,Étienne,Benoît,Jean-Pierre," +
    "François,Maxime,Antoine,Julien,Nicolas,Rémi,Loïc",
);
const FR_SURNAMES = csv(
  "Martin,Bernard,Dubois,Thomas,Robert,Richard,Petit,Durand,Leroy,Moreau,Simon,Laurent," +
    "Lefèvre,Michel,Garnier,David,Bertrand,Roux,Vincent,Fournier,Girard,Bonnet,Dupont,Lambert," +
    "Fontaine,Rousseau,Mercier,Faure,Chevalier,Lemaître,Béranger,Perrin,Gauthier,Rivière," +
    "D'Almeida,Le Gall,Crépin,Noël,Hervé,Mallet",
);

const CITIES = [
  { city: "Quito", province: 17, sectors: ["Cumbayá", "Tumbaco", "La Carolina", "El Batán", "Quicentro", "Iñaquito"] },
  { city: "Guayaquil", province: 9, sectors: ["Samborondón", "Urdesa", "Kennedy", "Los Ceibos", "Puerto Santa Ana"] },
  { city: "Cuenca", province: 1, sectors: ["El Vergel", "Totoracocha", "Yanuncay"] },
] as const;
const STREETS = csv(
  "Av. República de El Salvador,Av. 6 de Diciembre,Av. Amazonas,Av. González Suárez," +
    "Calle Los Shyris,Av. Interoceánica,Calle Francisco de Orellana,Av. Eloy Alfaro," +
    "Calle Juan León Mera,Av. De los Granados",
);
const FR_CITIES = ["Paris", "Lyon", "Marseille", "Toulouse", "Bordeaux", "Nantes", "Lille", "Grenoble"] as const;
const EMPLOYERS = csv(
  "Banco Pichincha,Corporación Favorita,Embajada de Francia," +
    "Universidad San Francisco de Quito,Hospital Metropolitano,Holcim Ecuador,Pronaca," +
    "Alliance Française,TotalEnergies,Estudio jurídico propio",
);
const PROFESSIONS = csv("Ingeniero/a,Médico/a,Abogado/a,Docente,Arquitecto/a,Contador/a,Diplomático/a");
const SCHOOLS = [
  { name: "Colegio Menor San Francisco de Quito", country: "EC", city: "Quito", aefe: false },
  { name: "Unidad Educativa Alemán Humboldt", country: "EC", city: "Guayaquil", aefe: false },
  { name: "Lycée Jean-Mermoz", country: "AR", city: "Buenos Aires", aefe: true },
  { name: "École Jeannine Manuel", country: "FR", city: "Paris", aefe: false },
  { name: "Lycée Franco-Péruvien", country: "PE", city: "Lima", aefe: true },
] as const;

/** A valid Ecuadorian cédula: province, a third digit 0–5, six digits, the check digit. */
export function randomCedula(rng: Rng, province = int(rng, 1, 24)): string {
  const digits = [
    ...pad(province),
    String(int(rng, 0, 5)),
    ...Array.from({ length: 6 }, () => String(int(rng, 0, 9))),
  ].map(Number);
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const product = (digits[i] ?? 0) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  digits.push((10 - (sum % 10)) % 10);
  return digits.join("");
}

/** A French passport number: two digits, two letters, five digits. */
function randomPassport(rng: Rng): string {
  const letters = "ABCDEFGHJKLMNPRSTUVWXYZ";
  return `${pad(int(rng, 10, 99))}${pick(rng, [...letters])}${pick(rng, [...letters])}${pad(int(rng, 0, 99999), 5)}`;
}

const slug = (value: string) =>
  value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");

// ---- The plan of one family ----

export type Origin = "EC" | "FR" | "MIXED";

export interface PlannedPerson {
  names: string;
  firstName: string;
  secondName?: string;
  gender: "F" | "M";
  nationality: "EC" | "FR";
  typeIdentification: 1 | 2;
  documentNumber: string;
  birthDate: string;
  email: string;
  cellPhone: string;
}

export interface PlannedFile {
  schoolYearId: number;
  levelCode: LevelCode;
  isNewStudent: boolean;
  /** Sent files have a request; a draft has some steps saved and none. */
  status: "sent" | "draft";
  steps: Partial<Record<StepId, Record<string, unknown>>>;
  request?: { status: RequestStatus; photoStatus: string; createdAt: string; updatedAt: string };
  createdAt: string;
}

export interface PlannedChild {
  studentName: string;
  documentNumber: string;
  files: PlannedFile[];
}

export interface PlannedFamily {
  email: string;
  role: "User" | "Prueba";
  language: "es" | "fr";
  account: { firstSurname: string; secondSurname: string; names: string; phone: string };
  children: PlannedChild[];
}

/** The school years the plan fills, oldest first; the last one is the current year. */
export interface PlanYear {
  id: number;
  /** September of the year's start, e.g. 2025 for 2025-2026. */
  startYear: number;
}

export interface PlanUploads {
  identityDocument: number;
  representativePhoto: number;
  authorizedPersonPhoto: number;
  studentPhoto: number;
  vaccinationBooklet: number;
}

export interface PlanEnv {
  years: readonly PlanYear[];
  uploads: PlanUploads;
  /** Unique per run, in e-mail addresses. */
  tag: string;
  /** Share of Test-role families (their rows are test data). */
  testShare: number;
  /** Today, YYYY-MM-DD: no birth date after it. */
  today: string;
  now: Date;
}

const CURRENT_STATUSES: readonly (readonly [RequestStatus, number])[] = [
  ["Untreated", 30],
  ["Accepted", 12],
  ["Validated", 10],
  ["Confirmed", 11],
  ["Finished", 16],
  ["InProcess", 4],
  ["Refused", 4],
  ["Discontinued", 4],
  ["Cancelled", 5],
  ["Restored", 4],
];

function photoStatusFor(rng: Rng, status: RequestStatus): string {
  if (status === "Untreated" || status === "InProcess" || status === "Restored") return "pending";
  if (status === "Refused" || status === "Cancelled" || status === "Discontinued") {
    return pick(rng, ["pending", "rejected", "approved"]);
  }
  return chance(rng, 0.85) ? "approved" : pick(rng, ["pending", "rejected"]);
}

function randomDate(rng: Rng, from: Date, to: Date): Date {
  return new Date(from.getTime() + Math.floor(rng() * Math.max(1, to.getTime() - from.getTime())));
}
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function cellPhone(rng: Rng, nationality: "EC" | "FR"): string {
  return nationality === "EC"
    ? `+593 9${int(rng, 5, 9)} ${pad(int(rng, 0, 999), 3)} ${pad(int(rng, 0, 9999), 4)}`
    : `+33 6 ${pad(int(rng, 0, 99))} ${pad(int(rng, 0, 99))} ${pad(int(rng, 0, 99))} ${pad(int(rng, 0, 99))}`;
}

function person(
  rng: Rng,
  env: PlanEnv,
  opts: {
    gender: "F" | "M";
    nationality: "EC" | "FR";
    firstName?: string;
    secondName?: string;
    birthDate: string;
    index: number;
  },
): PlannedPerson {
  const ec = opts.nationality === "EC";
  const names = pick(rng, ec ? (opts.gender === "F" ? ES_FEMALE : ES_MALE) : opts.gender === "F" ? FR_FEMALE : FR_MALE);
  const firstName = opts.firstName ?? pick(rng, ec ? ES_SURNAMES : FR_SURNAMES);
  const secondName = opts.secondName ?? (ec ? pick(rng, ES_SURNAMES) : undefined);
  const domain = ec
    ? pick(rng, ["gmail.com", "hotmail.com", "outlook.com", "example.ec"])
    : pick(rng, ["orange.fr", "free.fr", "gmail.com"]);
  return {
    names,
    firstName,
    ...(secondName ? { secondName } : {}),
    gender: opts.gender,
    nationality: opts.nationality,
    typeIdentification: ec ? 1 : 2,
    documentNumber: ec ? randomCedula(rng) : randomPassport(rng),
    birthDate: opts.birthDate,
    email: `${slug(names.split(" ")[0] ?? names)}.${slug(firstName)}.${env.tag}${opts.index}@${domain}`,
    cellPhone: cellPhone(rng, opts.nationality),
  };
}

function representativeStep(
  rng: Rng,
  p: PlannedPerson,
  opts: {
    type: 1 | 2;
    isAccountHolder: boolean;
    relationship: string;
    city: string;
    address: string;
    sector: string;
    uploads: PlanUploads;
  },
): Record<string, unknown> {
  const situation = weighted(rng, [
    ["EMPLOYED", 50],
    ["SELF_EMPLOYED", 15],
    ["BUSINESS_OWNER", 10],
    ["CIVIL_SERVANT", 10],
    ["HOMEMAKER", 10],
    ["UNEMPLOYED", 5],
  ] as const);
  const working = ["EMPLOYED", "SELF_EMPLOYED", "BUSINESS_OWNER", "CIVIL_SERVANT"].includes(situation);
  const formerStudent = chance(rng, 0.05);
  return {
    typeRepresentative: opts.type,
    isAccountHolder: opts.isAccountHolder,
    civilStatus: weighted(rng, [
      ["MARRIED", 60],
      ["CIVIL_UNION", 12],
      ["DIVORCED", 12],
      ["SEPARATED", 6],
      ["SINGLE", 8],
      ["WIDOWED", 2],
    ] as const),
    isLegalRepresentative: true,
    relationshipStudentCode: opts.relationship,
    prefix: p.gender === "F" ? pick(rng, ["Sra.", "Dra.", "Lcda."]) : pick(rng, ["Sr.", "Dr.", "Ing.", "Lcdo."]),
    firstName: p.firstName,
    ...(p.secondName ? { secondName: p.secondName } : {}),
    names: p.names,
    photoFileId: opts.uploads.representativePhoto,
    birthDate: p.birthDate,
    birthCountry: p.nationality,
    birthCity: p.nationality === "EC" ? opts.city : pick(rng, FR_CITIES),
    primaryNationality: p.nationality,
    ...(p.nationality === "FR" && chance(rng, 0.3) ? { secondaryNationality: "EC" } : {}),
    email: p.email,
    emailConfirmation: p.email,
    countryResidence: "EC",
    cityResidence: opts.city,
    address: opts.address,
    sector: opts.sector,
    cellPhone: p.cellPhone,
    cellPhoneConfirmation: p.cellPhone,
    professionalSituation: situation,
    ...(working
      ? {
          nameEmployer: pick(rng, EMPLOYERS),
          countryWork: "EC",
          cityWork: opts.city,
          phoneWork: `+593 2 ${int(rng, 200, 399)} ${pad(int(rng, 0, 9999), 4)}`,
        }
      : {}),
    categoryWork: working ? pick(rng, ["PCS2", "PCS3", "PCS4", "PCS5"]) : "PCS8",
    professionCode: pick(rng, PROFESSIONS),
    shareContacts: chance(rng, 0.6),
    documentFileId: opts.uploads.identityDocument,
    typeIdentification: p.typeIdentification,
    documentNumber: p.documentNumber,
    formerStudent,
    ...(formerStudent ? { graduationYear: int(rng, 1985, 2010) } : {}),
  };
}

/** Age on 1 September of the school year's start, for each level (TPS 2 … Terminale 17). */
const AGE_AT_START = (level: number) => 2 + level;

function birthDateFor(rng: Rng, startYear: number, levelIndex: number, today: string): string {
  const age = AGE_AT_START(levelIndex);
  const from = new Date(Date.UTC(startYear - age - 1, 8, 2));
  const to = new Date(Date.UTC(startYear - age, 8, 1));
  const day = isoDay(randomDate(rng, from, to));
  return day > today ? today : day;
}

/** Everything one family brings: its account, its children and their files, valid step by step. */
export function planFamily(rng: Rng, env: PlanEnv, index: number): PlannedFamily {
  const current = env.years[env.years.length - 1]!;
  const origin: Origin = weighted(rng, [
    ["EC", 70],
    ["FR", 15],
    ["MIXED", 15],
  ] as const);
  const motherNationality = origin === "FR" ? "FR" : "EC";
  const fatherNationality = origin === "EC" ? "EC" : origin === "FR" ? "FR" : chance(rng, 0.5) ? "FR" : "EC";
  const parentBirth = () =>
    isoDay(
      randomDate(
        rng,
        new Date(Date.UTC(current.startYear - 55, 0, 1)),
        new Date(Date.UTC(current.startYear - 26, 0, 1)),
      ),
    );
  const mother = person(rng, env, {
    gender: "F",
    nationality: motherNationality,
    birthDate: parentBirth(),
    index: index * 10 + 1,
  });
  const father = person(rng, env, {
    gender: "M",
    nationality: fatherNationality,
    birthDate: parentBirth(),
    index: index * 10 + 2,
  });
  const motherFirst = rng() < 0.7;
  const [rep1, rep2] = motherFirst ? [mother, father] : [father, mother];
  const declinedSecond = chance(rng, 0.12);
  const place = pick(rng, CITIES);
  const sector = pick(rng, place.sectors);
  const address = `${pick(rng, STREETS)} N${int(rng, 10, 80)}-${int(rng, 10, 300)}`;
  const role = chance(rng, env.testShare) ? "Prueba" : "User";
  // The account holder is the first representative; the account's e-mail is theirs.
  const account = {
    firstSurname: rep1.firstName,
    secondSurname: rep1.secondName ?? "",
    names: rep1.names,
    phone: rep1.cellPhone,
  };
  const childCount = weighted(rng, [
    [1, 40],
    [2, 35],
    [3, 18],
    [4, 7],
  ] as const);
  // The children's levels this year: the eldest anywhere, the others 1 to 4 years younger.
  const levels: number[] = [];
  let level = int(rng, 0, LEVEL_CODES.length - 1);
  for (let i = 0; i < childCount && level >= 0; i++) {
    levels.push(level);
    level -= int(rng, 1, 4);
  }
  const surnames =
    origin === "FR" ? { firstName: father.firstName } : { firstName: father.firstName, secondName: mother.firstName };
  const authorized = planAuthorizedPersons(rng, env, place.city, address);
  const children = levels.map((levelIndex, childIndex) =>
    planChild(rng, env, {
      levelIndex,
      origin,
      surnames,
      rep1,
      rep2: declinedSecond ? null : rep2,
      motherFirst,
      place,
      sector,
      address,
      authorized,
      index: index * 10 + childIndex,
    }),
  );
  return { email: rep1.email, role, language: rep1.nationality === "FR" ? "fr" : "es", account, children };
}

function planAuthorizedPersons(rng: Rng, env: PlanEnv, city: string, address: string): Record<string, unknown>[] {
  const count = weighted(rng, [
    [0, 45],
    [1, 35],
    [2, 15],
    [3, 5],
  ] as const);
  return Array.from({ length: count }, (_, i) => {
    const drawn = chance(rng, 0.6) ? "F" : "M";
    const phone = cellPhone(rng, "EC");
    const relationship = pick(rng, ["GRANDMOTHER", "GRANDFATHER", "AUNT", "UNCLE", "DRIVER", "NANNY", "OTHER"]);
    // "OTHER" is a "vecina" (a woman); grandparents, aunts and uncles have the name their relationship says.
    const gender = relationship === "OTHER" ? "F" : (RELATIONSHIP_GENDER[relationship] ?? drawn);
    return {
      isRegisterPerson: false,
      firstName: pick(rng, ES_SURNAMES),
      ...(chance(rng, 0.8) ? { secondName: pick(rng, ES_SURNAMES) } : {}),
      names: pick(rng, gender === "F" ? ES_FEMALE : ES_MALE),
      relationshipStudentCode: relationship,
      ...(relationship === "OTHER" ? { relationshipOther: "Vecina de confianza" } : {}),
      address: i === 0 ? address : `${pick(rng, STREETS)} ${city}`,
      cellPhone: phone,
      cellPhoneConfirmation: phone,
      typeIdentification: 1,
      documentNumber: randomCedula(rng),
      photoFileId: env.uploads.authorizedPersonPhoto,
      documentFileId: env.uploads.identityDocument,
    };
  });
}

/** The relationships that say whether the person is a man or a woman (the seeded names must agree). */
export const RELATIONSHIP_GENDER: Record<string, "F" | "M"> = {
  MOTHER: "F",
  FATHER: "M",
  GRANDMOTHER: "F",
  GRANDFATHER: "M",
  AUNT: "F",
  UNCLE: "M",
};

/** A grandparent, aunt or uncle, named as a woman or a man as the relationship says. */
function emergencyContact(rng: Rng): { name: string; relationship: string; phone: string } {
  const relationship = pick(rng, ["GRANDMOTHER", "GRANDFATHER", "AUNT", "UNCLE"]);
  const names = RELATIONSHIP_GENDER[relationship] === "M" ? ES_MALE : ES_FEMALE;
  return { name: `${pick(rng, names)} ${pick(rng, ES_SURNAMES)}`, relationship, phone: cellPhone(rng, "EC") };
}

interface ChildContext {
  levelIndex: number;
  origin: Origin;
  surnames: { firstName: string; secondName?: string };
  rep1: PlannedPerson;
  rep2: PlannedPerson | null;
  motherFirst: boolean;
  place: (typeof CITIES)[number];
  sector: string;
  address: string;
  authorized: Record<string, unknown>[];
  index: number;
}

/** The students' document numbers a plan has given: a student's identification is unique. */
const givenDocuments = new WeakMap<PlanEnv, Set<string>>();

/** A document number no other student of the plan has: drawn again (deterministically) on a repeat. */
function uniqueStudentDocument(env: PlanEnv, draw: () => string): string {
  let given = givenDocuments.get(env);
  if (!given) {
    given = new Set();
    givenDocuments.set(env, given);
  }
  let value = draw();
  while (given.has(value)) value = draw();
  given.add(value);
  return value;
}

function planChild(rng: Rng, env: PlanEnv, c: ChildContext): PlannedChild {
  const current = env.years[env.years.length - 1]!;
  const gender = chance(rng, 0.5) ? "F" : "M";
  const ecuadorian = c.origin !== "FR" || chance(rng, 0.3);
  const nationality = ecuadorian ? "EC" : "FR";
  const names = pick(
    rng,
    ecuadorian && c.origin !== "FR" ? (gender === "F" ? ES_FEMALE : ES_MALE) : gender === "F" ? FR_FEMALE : FR_MALE,
  );
  const birthDate = birthDateFor(rng, current.startYear, c.levelIndex, env.today);
  const documentNumber = uniqueStudentDocument(env, () =>
    ecuadorian ? randomCedula(rng, c.place.province) : randomPassport(rng),
  );
  // Years at the school: new this year (always in TPS), or joined 1 to 12 years ago.
  const yearsBefore = c.levelIndex === 0 || chance(rng, 0.3) ? 0 : int(rng, 1, Math.min(c.levelIndex, 12));
  const studentName = [names, c.surnames.firstName, c.surnames.secondName].filter(Boolean).join(" ");
  const files: PlannedFile[] = [];
  env.years.forEach((year, yearIndex) => {
    const ago = env.years.length - 1 - yearIndex;
    if (ago > yearsBefore) return;
    const levelIndex = c.levelIndex - ago;
    const isCurrent = ago === 0;
    const draft = isCurrent && chance(rng, 0.04);
    const steps = planSteps(rng, env, c, {
      year,
      levelCode: LEVEL_CODES[levelIndex]!,
      isNewStudent: ago === yearsBefore,
      student: { gender, names, birthDate, nationality, documentNumber, typeIdentification: ecuadorian ? 1 : 2 },
    });
    const windowFrom = new Date(Date.UTC(year.startYear, 2, 1));
    const windowTo = new Date(
      Math.min(Date.UTC(year.startYear, 7, 31), Math.max(env.now.getTime(), windowFrom.getTime() + 86_400_000)),
    );
    const created = randomDate(rng, windowFrom, windowTo);
    const status: RequestStatus = isCurrent ? weighted(rng, CURRENT_STATUSES) : "Finished";
    const updated =
      status === "Untreated" ? created : new Date(created.getTime() + Math.floor(rng() * 30 * 86_400_000));
    files.push({
      schoolYearId: year.id,
      levelCode: LEVEL_CODES[levelIndex]!,
      isNewStudent: ago === yearsBefore,
      status: draft ? "draft" : "sent",
      steps: draft ? Object.fromEntries(Object.entries(steps).slice(0, int(rng, 1, 11))) : steps,
      createdAt: created.toISOString(),
      ...(draft
        ? {}
        : {
            request: {
              status,
              photoStatus: isCurrent ? photoStatusFor(rng, status) : "approved",
              createdAt: created.toISOString(),
              updatedAt: (updated > env.now && isCurrent ? created : updated).toISOString(),
            },
          }),
    });
  });
  return { studentName, documentNumber, files };
}

function planSteps(
  rng: Rng,
  env: PlanEnv,
  c: ChildContext,
  f: {
    year: PlanYear;
    levelCode: LevelCode;
    isNewStudent: boolean;
    student: {
      gender: "F" | "M";
      names: string;
      birthDate: string;
      nationality: "EC" | "FR";
      documentNumber: string;
      typeIdentification: 1 | 2;
    };
  },
): Record<StepId, Record<string, unknown>> {
  const upper = ["2NDE", "1RE", "TLE"].includes(f.levelCode);
  const relationship = (p: PlannedPerson) => (p.gender === "F" ? "MOTHER" : "FATHER");
  const school = pick(rng, SCHOOLS);
  const payer = chance(rng, 0.85) ? c.rep1 : (c.rep2 ?? c.rep1);
  const company = chance(rng, 0.08);
  const wantsBus = chance(rng, 0.35);
  const allergy = chance(rng, 0.12);
  const disease = chance(rng, 0.06);
  const age = f.year.startYear - Number(f.student.birthDate.slice(0, 4));
  return {
    studentFile: {
      gender: f.student.gender,
      ...(chance(rng, 0.2) && age > 11
        ? { email: `${slug(f.student.names)}.${env.tag}${c.index}@alumnos.example.ec` }
        : {}),
      firstName: c.surnames.firstName,
      ...(c.surnames.secondName ? { secondName: c.surnames.secondName } : {}),
      names: f.student.names,
      birthDate: f.student.birthDate,
      birthCountry: f.student.nationality,
      birthCity: f.student.nationality === "EC" ? c.place.city : pick(rng, FR_CITIES),
      primaryResidence: `${c.address}, ${c.place.city}`,
      primaryNationality: f.student.nationality,
      ...(c.origin === "MIXED" ? { secondaryNationality: f.student.nationality === "EC" ? "FR" : "EC" } : {}),
      bloodType: pick(rng, ["O+", "O+", "O+", "A+", "A+", "B+", "O-", "AB+"]),
      sector: c.sector,
      childOfStaff: chance(rng, 0.03),
      typeIdentification: f.student.typeIdentification,
      documentNumber: f.student.documentNumber,
      identityDocumentFileId: env.uploads.identityDocument,
      emergencyContacts: [emergencyContact(rng)],
    },
    enrollmentYear: { schoolYearId: f.year.id, firstInscription: f.isNewStudent ? 1 : 2, levelCode: f.levelCode },
    terms: { termsOfUse: true, dataUseAgreement: true, servicesContract: true },
    firstRepresentative: representativeStep(rng, c.rep1, {
      type: 1,
      isAccountHolder: true,
      relationship: relationship(c.rep1),
      city: c.place.city,
      address: c.address,
      sector: c.sector,
      uploads: env.uploads,
    }),
    secondRepresentative: c.rep2
      ? representativeStep(rng, c.rep2, {
          type: 2,
          isAccountHolder: false,
          relationship: relationship(c.rep2),
          city: c.place.city,
          address: c.address,
          sector: c.sector,
          uploads: env.uploads,
        })
      : {
          declined: true,
          reason: pick(rng, [
            "La madre ejerce sola la patria potestad.",
            "El padre reside en el extranjero y no participa en la inscripción.",
            "Le père est décédé.",
          ]),
        },
    authorizedPersons: { persons: c.authorized },
    studentPhoto: {
      photoFileId: env.uploads.studentPhoto,
      authorizeUse: true,
      authorizePublication: chance(rng, 0.7),
      authorizeCommunication: chance(rng, 0.4),
      authorizeConservation: chance(rng, 0.8),
    },
    academicHistory:
      f.levelCode === "TPS" || !f.isNewStudent
        ? { repeatingClass: false, aefeAccredited: false }
        : {
            previousLevel: LEVEL_CODES[Math.max(0, LEVEL_CODES.indexOf(f.levelCode) - 1)],
            repeatingClass: chance(rng, 0.04),
            institutionCountry: school.country,
            institutionCity: school.city,
            institutionName: school.name,
            aefeAccredited: school.aefe,
          },
    financialInformation: company
      ? {
          paymentReference: "COMPANY",
          namePaymentReference: pick(rng, EMPLOYERS),
          isScholarShip: false,
          typeIdentification: payer.typeIdentification,
          documentNumber: payer.documentNumber,
          email: `facturacion.${env.tag}${c.index}@empresa.example.ec`,
          lastName: payer.firstName,
          ...(payer.secondName ? { secondName: payer.secondName } : {}),
          names: payer.names,
          paymentMethod: "TRANSFER",
        }
      : {
          paymentReference: payer === c.rep1 ? "REPRESENTATIVE_1" : "REPRESENTATIVE_2",
          namePaymentReference: `${payer.names} ${payer.firstName}`,
          ...(chance(rng, 0.05)
            ? { isScholarShip: true, companyScholarShip: pick(rng, ["AEFE", "Fundación Crisfe", "IFTH"]) }
            : { isScholarShip: false }),
          typeIdentification: payer.typeIdentification,
          documentNumber: payer.documentNumber,
          email: payer.email,
          lastName: payer.firstName,
          ...(payer.secondName ? { secondName: payer.secondName } : {}),
          names: payer.names,
          paymentMethod: pick(rng, ["TRANSFER", "DEBIT", "CREDIT_CARD", "CHEQUE"]),
        },
    schoolTransport: { wantsBus, acceptsConditions: wantsBus },
    exitAuthorization: {
      exitAlone: upper && chance(rng, 0.5),
      emergencyPreference: pick(rng, ["WAIT_EVACUATION", "WITHDRAW_ASAP"]),
      publishImage: chance(rng, 0.7),
      events: chance(rng, 0.9),
      pedagogicExits: chance(rng, 0.95),
      middayBreak: upper && chance(rng, 0.4),
      freePeriods: upper && chance(rng, 0.4),
    },
    medicalRecord: {
      disease,
      ...(disease ? { diseaseObservation: pick(rng, ["Asma leve", "Diabetes tipo 1", "Épilepsie contrôlée"]) } : {}),
      takeMedication: disease,
      ...(disease ? { takeMedicationObservation: "Según prescripción médica adjunta" } : {}),
      hasIncapacity: false,
      disqualifiedSport: false,
      allergies: {
        medications: allergy && chance(rng, 0.4) ? [{ item: "Penicilina", reaction: "Urticaria" }] : [],
        foods: allergy
          ? [{ item: pick(rng, ["Maní", "Mariscos", "Lactosa", "Fraises"]), reaction: "Reacción cutánea" }]
          : [],
        insects: [],
        other: [],
      },
      height: Math.round((75 + 8.5 * Math.min(age, 16) + rng() * 10) * 10) / 10,
      weight: Math.round((10 + 3.2 * Math.min(age, 16) + rng() * 8) * 10) / 10,
      vaccinationBookletFileId: env.uploads.vaccinationBooklet,
      authorizeEmergencyActions: true,
      declarationOfTruth: true,
    },
  };
}

// ---- Writing ----

export interface LargeSeedOptions {
  /** Families to create (each 1 to 4 children). */
  families?: number;
  /** Or: stop once this many requests of the current year exist (the last family is cut short). */
  requests?: number;
  /** School years to fill, the current one last (1: the current year only). */
  years?: number;
  /** The current year to fill; default the school year marked current. */
  schoolYearId?: number;
  /** Share of Test-role families; default 3 %. */
  testShare?: number;
  seed?: number;
  /** The password hash every generated account gets (hash once: argon2 per account would take hours). */
  passwordHash: string;
  /** Where the shared uploads' files go (DATA_DIR). */
  dataDir: string;
  familiesPerBatch?: number;
  log?: (line: string) => void;
}

export interface LargeSeedResult {
  families: number;
  testFamilies: number;
  students: number;
  files: number;
  drafts: number;
  requests: number;
  currentYearRequests: number;
  byStatus: Record<string, number>;
  years: { id: number; label: string }[];
  tag: string;
  seconds: number;
}

const TABLES_WITH_SERIAL_IDS = ["users", "students", "enrollment_files", "requests"] as const;

async function insertRows(db: Db, table: keyof Database, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  // Both engines bind at most ~32,000 parameters per statement (SQLite's limit).
  const perStatement = Math.max(1, Math.floor(30_000 / Object.keys(rows[0] ?? {}).length));
  for (let i = 0; i < rows.length; i += perStatement) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + perStatement) as never)
      .execute();
  }
}

type SerialTable = (typeof TABLES_WITH_SERIAL_IDS)[number];

/**
 * Ids for explicit inserts. SQLite: after the current maximum, read inside the write transaction
 * (which holds the database's only write lock). PostgreSQL: taken from the table's own sequence in
 * blocks, so the app (or a test) inserting at the same time never gets the same id.
 */
function idAllocator(trx: Db, engine: Engine): (table: SerialTable) => Promise<number> {
  const last = new Map<SerialTable, number>();
  const pools = new Map<SerialTable, number[]>();
  return async (table) => {
    if (engine === "sqlite") {
      let id = last.get(table);
      if (id === undefined) {
        const row = await trx
          .selectFrom(table)
          .select((eb) => eb.fn.max("id").as("max"))
          .executeTakeFirst();
        id = Number(row?.max ?? 0);
      }
      last.set(table, id + 1);
      return id + 1;
    }
    let pool = pools.get(table);
    if (!pool?.length) {
      const { rows } = await sql<{ id: string | number }>`
        select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, 1000)`.execute(trx);
      pool = rows.map((row) => Number(row.id)).reverse();
      pools.set(table, pool);
    }
    return pool.pop() as number;
  };
}

async function seedYears(
  db: Db,
  count: number,
  currentId?: number,
): Promise<{ plan: PlanYear[]; rows: { id: number; label: string }[] }> {
  const current = currentId
    ? await db.selectFrom("school_years").selectAll().where("id", "=", currentId).executeTakeFirst()
    : await db.selectFrom("school_years").selectAll().where("is_current", "=", 1).orderBy("id").executeTakeFirst();
  if (!current) throw new Error("no current school year: start the app once (it seeds one) or pass a year id");
  const startYear = Number(current.starts_on.slice(0, 4));
  const rows = [{ id: current.id, label: current.label, startYear }];
  for (let back = 1; back < count; back++) {
    const start = startYear - back;
    const label = `${start}-${start + 1}`;
    let year = await db
      .selectFrom("school_years")
      .select(["id", "label"])
      .where("label", "=", label)
      .executeTakeFirst();
    if (!year) {
      const max = await db
        .selectFrom("school_years")
        .select((eb) => eb.fn.max("id").as("max"))
        .executeTakeFirst();
      year = { id: Number(max?.max ?? 0) + 1, label };
      await db
        .insertInto("school_years")
        .values({
          id: year.id,
          label,
          starts_on: `${start}-09-01`,
          ends_on: `${start + 1}-07-15`,
          is_current: 0,
          enrollment_open: 0,
        })
        .execute();
    }
    rows.unshift({ id: year.id, label: year.label, startYear: start });
  }
  return {
    plan: rows.map(({ id, startYear: s }) => ({ id, startYear: s })),
    rows: rows.map(({ id, label }) => ({ id, label })),
  };
}

async function minimalPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(title, { x: 72, y: 760, size: 16, font });
  return Buffer.from(await pdf.save());
}

/** The few uploads every generated step points at, owned by one holder account, with files on disk. */
export async function seedSharedUploads(db: Db, dataDir: string, holderId: number, now: string): Promise<PlanUploads> {
  const folder = path.join(dataDir, "files");
  fs.mkdirSync(folder, { recursive: true });
  const photo = (size: number, rgb: { r: number; g: number; b: number }) =>
    sharp({ create: { width: size, height: size, channels: 3, background: rgb } })
      .jpeg({ quality: 80 })
      .toBuffer();
  const store = async (kind: string, name: string, bytes: Buffer, contentType: string) => {
    const storageKey = `${randomToken(18)}.${name.split(".").pop()}`;
    fs.writeFileSync(path.join(folder, storageKey), bytes, { mode: 0o600 });
    const row = await db
      .insertInto("uploads")
      .values({
        family_user_id: holderId,
        file_id: null,
        kind,
        original_name: name,
        content_type: contentType,
        size: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        storage_key: storageKey,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  };
  return {
    identityDocument: await store(
      "identityDocument",
      "documento-identidad.pdf",
      await minimalPdf("Documento de identidad"),
      "application/pdf",
    ),
    representativePhoto: await store(
      "representativePhoto",
      "representante.jpg",
      await photo(300, { r: 200, g: 150, b: 120 }),
      "image/jpeg",
    ),
    authorizedPersonPhoto: await store(
      "authorizedPersonPhoto",
      "persona-autorizada.jpg",
      await photo(300, { r: 120, g: 160, b: 120 }),
      "image/jpeg",
    ),
    studentPhoto: await store("studentPhoto", "alumno.jpg", await photo(500, { r: 90, g: 140, b: 200 }), "image/jpeg"),
    vaccinationBooklet: await store(
      "vaccinationBooklet",
      "carne-vacunas.pdf",
      await minimalPdf("Carné de vacunación"),
      "application/pdf",
    ),
  };
}

/** Fills the database with a large school; see the file's header. */
export async function seedLargeSchool(db: Db, engine: Engine, opts: LargeSeedOptions): Promise<LargeSeedResult> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  if (opts.families === undefined && opts.requests === undefined) throw new Error("give families or requests");
  const tag = randomToken(4)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x")
    .slice(0, 5);
  const now = new Date();
  const nowIso = now.toISOString();
  const years = await seedYears(db, Math.max(1, opts.years ?? 1), opts.schoolYearId);
  const currentYearId = years.plan[years.plan.length - 1]!.id;
  const holder = await db
    .insertInto("users")
    .values({
      email: `seed-uploads-${tag}@seed.invalid`,
      password_hash: opts.passwordHash,
      first_surname: "Seed",
      second_surname: "",
      names: "Uploads",
      phone: "",
      language: "es",
      role: "User",
      is_test_data: 1,
      activated_at: null,
      created_at: nowIso,
      updated_at: nowIso,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const uploads = await seedSharedUploads(db, opts.dataDir, holder.id, nowIso);
  const env: PlanEnv = {
    years: years.plan,
    uploads,
    tag,
    testShare: opts.testShare ?? 0.03,
    today: nowIso.slice(0, 10),
    now,
  };
  const rng = createRng(opts.seed ?? 20_250_901);
  const result: LargeSeedResult = {
    families: 0,
    testFamilies: 0,
    students: 0,
    files: 0,
    drafts: 0,
    requests: 0,
    currentYearRequests: 0,
    byStatus: {},
    years: years.rows,
    tag,
    seconds: 0,
  };
  const perBatch = opts.familiesPerBatch ?? 400;
  const done = () =>
    (opts.families !== undefined && result.families >= opts.families) ||
    (opts.requests !== undefined && result.currentYearRequests >= opts.requests);

  let familyIndex = 0;
  while (!done()) {
    await writeTransaction(db, engine, async (trx) => {
      const nextId = idAllocator(trx, engine);
      const rows = { users: [], students: [], files: [], steps: [], requests: [] } as Record<
        string,
        Record<string, unknown>[]
      >;
      for (let n = 0; n < perBatch && !done(); n++) {
        const family = planFamily(rng, env, familyIndex++);
        const isTest = family.role === "Prueba" ? 1 : 0;
        const userId = await nextId("users");
        const firstSent =
          family.children
            .flatMap((c) => c.files)
            .map((f) => f.createdAt)
            .sort()[0] ?? nowIso;
        rows.users!.push({
          id: userId,
          email: family.email,
          password_hash: opts.passwordHash,
          first_surname: family.account.firstSurname,
          second_surname: family.account.secondSurname,
          names: family.account.names,
          phone: family.account.phone,
          language: family.language,
          role: family.role,
          is_test_data: isTest,
          activated_at: firstSent,
          created_at: firstSent,
          updated_at: firstSent,
        });
        result.families++;
        result.testFamilies += isTest;
        for (const child of family.children) {
          if (done()) break;
          const studentId = await nextId("students");
          rows.students!.push({
            id: studentId,
            family_user_id: userId,
            student_name: child.studentName,
            document_number: child.documentNumber,
            is_test_data: isTest,
            created_at: child.files[0]?.createdAt ?? nowIso,
            updated_at: child.files[child.files.length - 1]?.createdAt ?? nowIso,
          });
          result.students++;
          for (const file of child.files) {
            const fileId = await nextId("enrollment_files");
            const sent = file.status === "sent";
            rows.files!.push({
              id: fileId,
              student_id: studentId,
              school_year_id: file.schoolYearId,
              is_new_student: file.isNewStudent ? 1 : 0,
              status: file.status,
              level_code: file.steps.enrollmentYear ? file.levelCode : null,
              created_at: file.createdAt,
              updated_at: file.request?.updatedAt ?? file.createdAt,
              sent_at: sent ? file.createdAt : null,
            });
            const stepRows = Object.entries(file.steps).map(([step, data]) => ({ step, data: JSON.stringify(data) }));
            for (const step of stepRows) {
              rows.steps!.push({ file_id: fileId, ...step, completed_at: file.createdAt, updated_at: file.createdAt });
            }
            result.files++;
            if (!file.request) {
              result.drafts++;
              continue;
            }
            rows.requests!.push({
              id: await nextId("requests"),
              code: `INS-${file.schoolYearId}-${String(fileId).padStart(6, "0")}`,
              user_id: userId,
              file_id: fileId,
              school_year_id: file.schoolYearId,
              request_status: file.request.status,
              photo_status: file.request.photoStatus,
              is_test_data: isTest,
              url_file: null,
              created_at: file.request.createdAt,
              updated_at: file.request.updatedAt,
              ...requestListColumns(stepRows, {
                is_new_student: file.isNewStudent ? 1 : 0,
                level_code: file.levelCode,
              }),
            });
            result.requests++;
            result.byStatus[file.request.status] = (result.byStatus[file.request.status] ?? 0) + 1;
            if (file.schoolYearId === currentYearId) result.currentYearRequests++;
          }
        }
      }
      await insertRows(trx, "users", rows.users!);
      await insertRows(trx, "students", rows.students!);
      await insertRows(trx, "enrollment_files", rows.files!);
      await insertRows(trx, "enrollment_steps", rows.steps!);
      await insertRows(trx, "requests", rows.requests!);
    });
    log(
      `  ${result.families} families, ${result.students} students, ${result.requests} requests (${Math.round((Date.now() - started) / 1000)} s)`,
    );
  }
  // Fresh statistics, so the planner knows the tables' new sizes (both engines know `analyze`).
  await sql`analyze`.execute(db);
  result.seconds = Math.round((Date.now() - started) / 100) / 10;
  return result;
}
