import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createEstablishmentAndMenu } from '../admin/admin-api.js';
import { seriousViolations } from '../support/axe.js';
import { E2E_ADMIN, E2E_DATA_DIR } from '../support/constants.js';
import { createUserViaApi, expect, loginViaUi, test } from '../support/fixtures.js';
import { snapshot } from '../support/shots.js';

const PHONE = { width: 390, height: 844 };

/** `npm run backup -- --to DIR` as the operator runs it beside this worker's server (same DATA_DIR, embedded database). */
async function backupFromTheCommandLine(to: string) {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/backup/cli.ts', 'backup', '--to', to], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '', NODE_ENV: 'production' },
  });
  return stdout;
}

test.describe("the admin's home says how the backups stand", () => {
  let folder = '';
  test.beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'adega-e2e-backups-'));
  });
  test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('none yet, then the one the command line took, at 1280 and 390 px; a manager sees nothing of it', async ({ page, request }) => {
    test.setTimeout(120_000);
    await loginViaUi(page, E2E_ADMIN);
    const none = page.getByRole('alert').filter({ hasText: 'Nenhum backup feito ainda' });
    await expect(none).toContainText('Agende backups automáticos com as variáveis BACKUP_TO e BACKUP_EVERY');

    const output = await backupFromTheCommandLine(folder);
    const [name] = readdirSync(folder);
    const location = path.join(folder, name as string);
    expect(output).toContain(`Backup concluído (pelo servidor em execução): ${location}`);

    await page.reload();
    const done = page.getByRole('alert').filter({ hasText: 'Último backup concluído em' });
    await expect(done).toContainText(/Último backup concluído em \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\./);
    await expect(done).toContainText(`Em ${location}`);
    await expect(done).toContainText('Os backups automáticos não estão agendados (BACKUP_TO e BACKUP_EVERY).');
    await expect(none).toHaveCount(0);
    expect(await seriousViolations(page), 'home at 1280 px').toEqual([]);
    await snapshot(page, 'home-backup-1280');

    await page.setViewportSize(PHONE);
    await expect(done).toBeVisible();
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways, 'no sideways scroll at 390 px').toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), 'home at 390 px').toEqual([]);
    await snapshot(page, 'home-backup-390', { fullPage: true });

    const { establishmentId } = await createEstablishmentAndMenu(request, 'Casa do Backup', 'Carta');
    const manager = await createUserViaApi(request, 'restaurant_manager', [establishmentId]);
    await page.getByRole('button', { name: 'Sair' }).click();
    await loginViaUi(page, manager);
    await expect(page.getByRole('navigation', { name: 'Atalhos' })).toBeVisible();
    await expect(page.getByText('Último backup concluído em')).toHaveCount(0);
    await expect(page.getByText('Nenhum backup feito ainda')).toHaveCount(0);
  });
});
