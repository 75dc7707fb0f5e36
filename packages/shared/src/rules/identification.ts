import { IDENTIFICATION_TYPE } from "../catalogs.ts";

/**
 * Ecuadorian cédula: 10 digits; province 01–24, 30 (Ecuadorians registered abroad) or 50 (resident
 * foreigners: the Registro Civil gives them cédulas with that code); a check
 * digit from weights 2,1,2,1,2,1,2,1,2 on the first nine digits, products over 9 minus 9, check =
 * (10 − sum mod 10) mod 10. The third digit is not limited to 0–5: such cédulas exist.
 */
export function isValidCedula(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const province = Number(value.slice(0, 2));
  if (!((province >= 1 && province <= 24) || province === 30 || province === 50)) return false;
  return cedulaCheckDigit(value.slice(0, 9)) === Number(value[9]);
}

/**
 * The check digit of a cédula's first nine digits (see isValidCedula). Also what the tests use to
 * make a valid cédula of their own for each student (a student's identification is unique, #14).
 */
export function cedulaCheckDigit(firstNine: string): number {
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const product = Number(firstNine[i] ?? 0) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** Passport numbers: 5 to 20 letters and digits. */
export function isValidPassport(value: string): boolean {
  return /^[A-Za-z0-9]{5,20}$/.test(value);
}

/** Checks a document number against its identification type (1 = cédula, 2 = passport). */
export function isValidDocumentNumber(type: number, value: string): boolean {
  if (type === IDENTIFICATION_TYPE.cedula) return isValidCedula(value);
  if (type === IDENTIFICATION_TYPE.passport) return isValidPassport(value);
  return false;
}
