import sharp from 'sharp';
import type { WineStyle } from '../../../shared/wine-vocabulary.js';
import type { FileStorage } from '../../storage/storage.js';

/** Glass and wine tones of each style's bottle illustration. */
const PALETTE: Record<WineStyle, { glass: string; shine: string; label: string; ink: string; sparkling?: boolean; slim?: boolean }> = {
  Tinto: { glass: '#3f0b17', shine: '#8c2a3c', label: '#f4ead8', ink: '#5b1424' },
  Branco: { glass: '#c9b86a', shine: '#f1e6b0', label: '#fbf7ec', ink: '#7a6a2c' },
  Rosé: { glass: '#e59aa3', shine: '#fbd3d7', label: '#fff8f4', ink: '#a8485a' },
  Espumante: { glass: '#2f4a2c', shine: '#6f8f5e', label: '#f6efdc', ink: '#6b5a1f', sparkling: true },
  Laranja: { glass: '#d4873a', shine: '#f5c48a', label: '#fdf5e9', ink: '#8c4d16' },
  Sobremesa: { glass: '#a8661a', shine: '#e8b463', label: '#fbf3e3', ink: '#6e3f0c', slim: true },
  Fortificado: { glass: '#5a1712', shine: '#9c3b2e', label: '#f3e7d3', ink: '#4d120e' },
};

/** A quiet, elegant bottle silhouette on a warm background, 600×900, as SVG. */
export function bottleSvg(style: WineStyle): string {
  const p = PALETTE[style];
  const w = p.slim ? 150 : 190;
  const x = 300 - w / 2;
  const neck = p.slim ? 44 : 52;
  const nx = 300 - neck / 2;
  const top = p.sparkling
    ? `<path d="M${nx - 6} 118 h${neck + 12} v150 h-${neck + 12} z" fill="#c8a24a"/><path d="M${nx - 6} 240 h${neck + 12} v28 h-${neck + 12} z" fill="#a9842f"/>`
    : `<rect x="${nx - 3}" y="118" width="${neck + 6}" height="92" rx="6" fill="${p.ink}" opacity="0.9"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900" viewBox="0 0 600 900">
  <defs>
    <radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#fbf6ee"/><stop offset="1" stop-color="#eadfcc"/></radialGradient>
    <linearGradient id="glass" x1="0" x2="1"><stop offset="0" stop-color="${p.glass}"/><stop offset="0.35" stop-color="${p.shine}"/><stop offset="0.55" stop-color="${p.glass}"/><stop offset="1" stop-color="${p.glass}"/></linearGradient>
  </defs>
  <rect width="600" height="900" fill="url(#bg)"/>
  <ellipse cx="300" cy="826" rx="${w / 2 + 40}" ry="18" fill="#000" opacity="0.12"/>
  <path d="M${nx} 120 h${neck} v170 c0 60 ${w / 2 - neck / 2} 70 ${w / 2 - neck / 2} 150 v370 q0 14 -14 14 h-${w - 28} q-14 0 -14 -14 v-370 c0 -80 ${w / 2 - neck / 2} -90 ${w / 2 - neck / 2} -150 z" fill="url(#glass)"/>
  ${top}
  <rect x="${x + 14}" y="520" width="${w - 28}" height="170" rx="6" fill="${p.label}"/>
  <rect x="${x + 24}" y="530" width="${w - 48}" height="150" rx="3" fill="none" stroke="${p.ink}" stroke-width="2" opacity="0.6"/>
  <path d="M300 566 l14 24 l-14 24 l-14 -24 z" fill="${p.ink}" opacity="0.75"/>
  <rect x="${x + 44}" y="632" width="${w - 88}" height="6" rx="3" fill="${p.ink}" opacity="0.55"/>
  <rect x="${x + 60}" y="648" width="${w - 120}" height="5" rx="2.5" fill="${p.ink}" opacity="0.35"/>
  <rect x="${x + 22}" y="330" width="10" height="440" rx="5" fill="#fff" opacity="0.18"/>
</svg>`;
}

/** A round monogram logo for the sample establishment, as SVG. */
export function monogramSvg(initials: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <rect width="400" height="400" fill="#fbf6ee"/>
  <circle cx="200" cy="200" r="176" fill="#1f3b4d"/>
  <circle cx="200" cy="200" r="160" fill="none" stroke="#d9b56a" stroke-width="4"/>
  <path d="M120 250 q80 -40 160 0" fill="none" stroke="#d9b56a" stroke-width="5" stroke-linecap="round"/>
  <text x="200" y="222" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" font-size="120" fill="#fbf6ee">${initials}</text>
</svg>`;
}

async function toWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}

/** Renders one bottle per wine style and stores them; returns their /uploads/... URLs by style. */
export async function storeBottleImages(storage: FileStorage, styles: readonly WineStyle[]): Promise<Map<WineStyle, string>> {
  const urls = new Map<WineStyle, string>();
  for (const style of new Set(styles)) urls.set(style, await storage.save(await toWebp(bottleSvg(style)), 'webp'));
  return urls;
}

export async function storeMonogram(storage: FileStorage, initials: string): Promise<string> {
  return storage.save(await toWebp(monogramSvg(initials)), 'webp');
}
