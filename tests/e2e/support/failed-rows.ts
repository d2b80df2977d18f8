import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { Page } from '@playwright/test';

/** Clicks "Baixar linhas com erro (.xlsx)" and reads the file back: its name and its first sheet's rows, as text. */
export async function downloadFailedRows(page: Page): Promise<{ fileName: string; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar linhas com erro (.xlsx)' }).click(),
  ]);
  const workbook = XLSX.read(readFileSync(await download.path()), { type: 'buffer' });
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''] as XLSX.WorkSheet;
  return { fileName: download.suggestedFilename(), rows: XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false }) };
}
