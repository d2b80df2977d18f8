import path from 'node:path';
import type { Page } from '@playwright/test';

/** A picture for a person to look at, taken only when SHOTS_DIR names where to put it (never in CI by default). */
export async function snapshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: path.join(dir, `${name}.png`), ...options });
}
