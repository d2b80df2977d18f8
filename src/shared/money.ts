const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 189.9 -> "R$ 189,90" (the non-breaking space Intl puts after R$ is kept). */
export function formatBRL(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return Number.isFinite(n) ? brl.format(n as number) : '';
}
