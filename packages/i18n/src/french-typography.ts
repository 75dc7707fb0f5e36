/**
 * French typography in the catalogs: a narrow no-break space (U+202F) before `: ; ? !`
 * and inside « », so the mark never starts a line and reads as French print does. Answers what is
 * wrong in `text` (empty when nothing is). Times (14:30), addresses (https://) and i18next's
 * nesting (`$t(ns:key)`) have no space around their colon and are left alone.
 */
export function frenchTypographyProblems(text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(/[ \u00a0]+[;:!?]/g)) problems.push(`plain space before "${match[0].trim()}"`);
  // A mark glued to the word before it, and followed by a space, the end or a closing character.
  for (const match of text.matchAll(/[\p{L}\p{N})\]}"”.][;!?](?=\s|$|["”»)\]<])/gu)) {
    problems.push(`no space before "${match[0].slice(-1)}"`);
  }
  for (const _ of text.matchAll(/[^\s\d\u202f]:(?=\s|$)/gu)) problems.push('no space before ":"');
  for (const _ of text.matchAll(/«(?!\u202f)/g)) problems.push('no narrow space after "«"');
  for (const _ of text.matchAll(/(?<!\u202f)»/g)) problems.push('no narrow space before "»"');
  return problems;
}
