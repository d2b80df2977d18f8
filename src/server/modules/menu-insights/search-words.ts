/**
 * Which search words are kept for the owner (docs/decisions/0083): what looks like a search for a wine, not what a
 * guest typed about themselves. An e-mail address, a phone number or a CPF is dropped, search and all.
 */

/** Phones have 8 digits or more (a landline without its area code), a CPF 11; a wine's vintage 4. */
const MAX_DIGITS = 7;

export function isWineSearch(words: string): boolean {
  if (words.includes('@') || /:\/\/|www\./.test(words)) return false;
  let digits = 0;
  for (let i = 0; i < words.length; i++) {
    const c = words.charCodeAt(i);
    if (c >= 48 && c <= 57 && ++digits > MAX_DIGITS) return false;
  }
  return true;
}
