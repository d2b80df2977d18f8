import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Drags `source` onto `target` with the mouse, as a person does, and lets go only once the target says the card is
 * over it (`data-drop-target`): on a busy machine a quick drag could end before dnd-kit had measured the columns, and
 * the card stayed where it was. Each try moves the pointer to where the target is now, a little off, as a hand would.
 */
export async function dragOnto(page: Page, source: Locator, target: Locator): Promise<void> {
  const a = await source.boundingBox();
  if (!a) throw new Error('nothing to drag');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2, { steps: 3 });
  let nudge = 0;
  await expect(async () => {
    // Read where the target is now: near the edge of a narrow screen the board scrolls by itself under the pointer.
    const b = await target.boundingBox();
    if (!b) throw new Error('nowhere to drop it');
    // Just inside its near edge: on a narrow screen its far side is where the board scrolls by itself.
    nudge = (nudge + 4) % 12;
    await page.mouse.move(b.x + 8 + nudge, b.y + 60, { steps: 6 });
    await expect(target).toHaveAttribute('data-drop-target', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.mouse.up();
}
