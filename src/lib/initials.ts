/**
 * Avatar initials: the first letters of the first two words of the name, or the first two letters of a
 * single word. Always uppercase; empty input gives an empty string.
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 1) return Array.from(words[0] ?? '').slice(0, 2).join('').toUpperCase();
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

/** Back-office avatar: the first two letters of the e-mail. */
export function emailInitials(email: string | null | undefined): string {
  return Array.from((email ?? '').trim()).slice(0, 2).join('').toUpperCase();
}
