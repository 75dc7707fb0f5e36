import type { CatalogName } from "@portal/shared/catalogs";
import { LEVEL_CODES, type LevelCode } from "@portal/shared/rules/levels";

/** One catalogue entry: a stable code, labels in the three languages, optional attributes. */
export interface CatalogEntry {
  code: string;
  es: string;
  en: string;
  fr: string;
  extra?: Record<string, string>;
}

const level = (code: string, fr: string, ecuador: string, cycle: string): CatalogEntry => ({
  code,
  fr,
  es: `${fr} (${ecuador})`,
  en: `${fr} (${ecuador})`,
  extra: { ecuador, cycle },
});

/** French name, Ecuadorian equivalent and cycle of each level; PS and MS both map to Inicial 2. */
const LEVEL_INFO: Record<LevelCode, [fr: string, ecuador: string, cycle: string]> = {
  TPS: ["Toute Petite Section", "Inicial 1", "maternelle"],
  PS: ["Petite Section", "Inicial 2", "maternelle"],
  MS: ["Moyenne Section", "Inicial 2", "maternelle"],
  GS: ["Grande Section", "1.º EGB", "maternelle"],
  CP: ["CP", "2.º EGB", "elementaire"],
  CE1: ["CE1", "3.º EGB", "elementaire"],
  CE2: ["CE2", "4.º EGB", "elementaire"],
  CM1: ["CM1", "5.º EGB", "elementaire"],
  CM2: ["CM2", "6.º EGB", "elementaire"],
  "6E": ["6e", "7.º EGB", "college"],
  "5E": ["5e", "8.º EGB", "college"],
  "4E": ["4e", "9.º EGB", "college"],
  "3E": ["3e", "10.º EGB", "college"],
  "2NDE": ["Seconde", "1.º BGU", "lycee"],
  "1RE": ["Première", "2.º BGU", "lycee"],
  TLE: ["Terminale", "3.º BGU", "lycee"],
};

/** The levels in the shared order (packages/shared/src/rules/levels.ts), labelled for the catalogue. */
export const LEVELS: CatalogEntry[] = LEVEL_CODES.map((code) => level(code, ...LEVEL_INFO[code]));

export const STATIC_CATALOGS: Record<Exclude<CatalogName, "countries" | "nationalities">, CatalogEntry[]> = {
  levels: LEVELS,
  relationships: [
    { code: "FATHER", es: "Padre", en: "Father", fr: "Père" },
    { code: "MOTHER", es: "Madre", en: "Mother", fr: "Mère" },
    { code: "STEPFATHER", es: "Padrastro", en: "Stepfather", fr: "Beau-père" },
    { code: "STEPMOTHER", es: "Madrastra", en: "Stepmother", fr: "Belle-mère" },
    { code: "GRANDFATHER", es: "Abuelo", en: "Grandfather", fr: "Grand-père" },
    { code: "GRANDMOTHER", es: "Abuela", en: "Grandmother", fr: "Grand-mère" },
    { code: "UNCLE", es: "Tío", en: "Uncle", fr: "Oncle" },
    { code: "AUNT", es: "Tía", en: "Aunt", fr: "Tante" },
    { code: "SIBLING", es: "Hermano/a", en: "Brother or sister", fr: "Frère ou sœur" },
    { code: "GUARDIAN", es: "Tutor/a legal", en: "Legal guardian", fr: "Tuteur légal" },
    { code: "DRIVER", es: "Chofer", en: "Driver", fr: "Chauffeur" },
    { code: "NANNY", es: "Niñera", en: "Nanny", fr: "Nourrice" },
    { code: "OTHER", es: "Otro", en: "Other", fr: "Autre" },
  ],
  identificationTypes: [
    { code: "1", es: "Cédula", en: "ID card (cédula)", fr: "Carte d'identité (cédula)" },
    { code: "2", es: "Pasaporte", en: "Passport", fr: "Passeport" },
  ],
  civilStatus: [
    { code: "SINGLE", es: "Soltero/a", en: "Single", fr: "Célibataire" },
    { code: "MARRIED", es: "Casado/a", en: "Married", fr: "Marié(e)" },
    { code: "CIVIL_UNION", es: "Unión de hecho", en: "Civil union", fr: "Union libre / PACS" },
    { code: "DIVORCED", es: "Divorciado/a", en: "Divorced", fr: "Divorcé(e)" },
    { code: "SEPARATED", es: "Separado/a", en: "Separated", fr: "Séparé(e)" },
    { code: "WIDOWED", es: "Viudo/a", en: "Widowed", fr: "Veuf / veuve" },
  ],
  bloodTypes: ["O+", "O-", "A+", "A-", "B+", "B-", "AB+", "AB-"].map((code) => ({
    code,
    es: code,
    en: code,
    fr: code,
  })),
  professionalSituations: [
    { code: "EMPLOYED", es: "Empleado/a", en: "Employed", fr: "Salarié(e)" },
    { code: "SELF_EMPLOYED", es: "Independiente", en: "Self-employed", fr: "Indépendant(e)" },
    { code: "BUSINESS_OWNER", es: "Empresario/a", en: "Business owner", fr: "Chef d'entreprise" },
    { code: "CIVIL_SERVANT", es: "Servidor/a público/a", en: "Civil servant", fr: "Fonctionnaire" },
    { code: "UNEMPLOYED", es: "Sin empleo", en: "Unemployed", fr: "Sans emploi" },
    { code: "HOMEMAKER", es: "Quehaceres del hogar", en: "Homemaker", fr: "Au foyer" },
    { code: "RETIRED", es: "Jubilado/a", en: "Retired", fr: "Retraité(e)" },
    { code: "STUDENT", es: "Estudiante", en: "Student", fr: "Étudiant(e)" },
  ],
  // The French INSEE socio-professional groups (PCS), which the AEFE network reports by.
  socioProfessionalCategories: [
    { code: "PCS1", es: "Agricultores", en: "Farmers", fr: "Agriculteurs exploitants" },
    {
      code: "PCS2",
      es: "Artesanos, comerciantes y jefes de empresa",
      en: "Craftspeople, shopkeepers and company heads",
      fr: "Artisans, commerçants et chefs d'entreprise",
    },
    {
      code: "PCS3",
      es: "Cuadros y profesiones intelectuales superiores",
      en: "Managers and higher intellectual professions",
      fr: "Cadres et professions intellectuelles supérieures",
    },
    { code: "PCS4", es: "Profesiones intermedias", en: "Intermediate professions", fr: "Professions intermédiaires" },
    { code: "PCS5", es: "Empleados", en: "Employees", fr: "Employés" },
    { code: "PCS6", es: "Obreros", en: "Manual workers", fr: "Ouvriers" },
    { code: "PCS7", es: "Jubilados", en: "Retired", fr: "Retraités" },
    {
      code: "PCS8",
      es: "Otras personas sin actividad profesional",
      en: "Others without professional activity",
      fr: "Autres personnes sans activité professionnelle",
    },
  ],
  paymentMethods: [
    { code: "TRANSFER", es: "Transferencia bancaria", en: "Bank transfer", fr: "Virement bancaire" },
    { code: "DEBIT", es: "Débito bancario automático", en: "Direct debit", fr: "Prélèvement automatique" },
    { code: "CREDIT_CARD", es: "Tarjeta de crédito", en: "Credit card", fr: "Carte de crédit" },
    { code: "CASH", es: "Efectivo", en: "Cash", fr: "Espèces" },
    { code: "CHEQUE", es: "Cheque", en: "Cheque", fr: "Chèque" },
  ],
  // Why a family says a child will not return (re-enrollment campaigns, docs/rules/campaigns.md).
  leavingReasons: [
    { code: "MOVING", es: "Cambio de domicilio o de ciudad", en: "Moving home or city", fr: "Déménagement" },
    { code: "ABROAD", es: "Traslado al extranjero", en: "Moving abroad", fr: "Départ à l'étranger" },
    {
      code: "OTHER_SCHOOL",
      es: "Cambio a otra institución",
      en: "Changing to another school",
      fr: "Changement d'établissement",
    },
    { code: "FINANCIAL", es: "Motivos económicos", en: "Financial reasons", fr: "Raisons financières" },
    { code: "PEDAGOGICAL", es: "Motivos pedagógicos", en: "Educational reasons", fr: "Raisons pédagogiques" },
    { code: "FAMILY", es: "Motivos familiares", en: "Family reasons", fr: "Raisons familiales" },
    { code: "OTHER", es: "Otro motivo", en: "Other reason", fr: "Autre raison" },
  ],
  prefixes: [
    { code: "Sr.", es: "Sr.", en: "Mr.", fr: "M." },
    { code: "Sra.", es: "Sra.", en: "Mrs.", fr: "Mme" },
    { code: "Srta.", es: "Srta.", en: "Ms.", fr: "Mlle" },
    { code: "Dr.", es: "Dr.", en: "Dr.", fr: "Dr" },
    { code: "Dra.", es: "Dra.", en: "Dr.", fr: "Dr" },
    { code: "Ing.", es: "Ing.", en: "Eng.", fr: "Ing." },
    { code: "Lcdo.", es: "Lcdo.", en: "B.A.", fr: "Lic." },
    { code: "Lcda.", es: "Lcda.", en: "B.A.", fr: "Lic." },
  ],
};
