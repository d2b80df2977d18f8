/** "13,5" or "13.5 %" → "13,5%": lists always show the unit. */
export function formatAlcohol(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  const number = v.replace(/\s*%$/, '').replace('.', ',');
  return /^\d+(,\d+)?$/.test(number) ? `${number}%` : v;
}

/** "750ml" → "750 ml". */
export function formatVolume(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  return v.replace(/^(\d+)\s*ml$/i, '$1 ml');
}

/** Lower case without accents: "Carménère" matches "carmenere". */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
