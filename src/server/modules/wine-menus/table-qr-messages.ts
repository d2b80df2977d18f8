import type { TableQrFormat } from '../../../shared/wine-menus.js';
import type { TableSheet } from './table-qr-sheet.js';

/** What the sheet builder and its worker thread say to each other. */
export interface SheetJob {
  id: number;
  format: TableQrFormat;
  sheet: TableSheet;
}

export type SheetResult = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; message: string };
