/** Spec 9: at most 3 authorized persons besides the legal representatives. */
export const MAX_AUTHORIZED_PERSONS = 3;

export function canAddAuthorizedPerson(currentCount: number): boolean {
  return currentCount < MAX_AUTHORIZED_PERSONS;
}

/** Spec 1 and 9: parents with 3 children enrolled in a year get a 10% discount. */
export const LARGE_FAMILY_CHILDREN = 3;
export const LARGE_FAMILY_DISCOUNT_PERCENT = 10;

export function familyDiscountPercent(childrenEnrolledThisYear: number): number {
  return childrenEnrolledThisYear >= LARGE_FAMILY_CHILDREN ? LARGE_FAMILY_DISCOUNT_PERCENT : 0;
}
