/**
 * How searches become SQL, in one place for every repository: a LIKE pattern that takes the
 * visitor's `%`, `_` and `\` literally, and a full-text prefix query.
 */

/** "50% off_x" as a LIKE pattern matching that text anywhere: `%50\% off\_x%`. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Words of a search as a prefix tsquery: "sickle cel" matches "sickle cell" (at most 8 words). */
export function prefixQuery(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return undefined;
  return words
    .slice(0, 8)
    .map((word) => `${word}:*`)
    .join(' & ');
}
