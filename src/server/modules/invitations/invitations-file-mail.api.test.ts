import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTeam, uniqueEmail } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { mailDirectory } from '../mail/index.js';

// No SMTP_URL: every e-mail is an .eml file under DATA_DIR/mail, so the inviter is given the link to pass on.
const t = testAppPerFile();
beforeAll(() => t.app.jobs.start());

const writtenMail = () => {
  const dir = mailDirectory(t.config.dataDir);
  return existsSync(dir) ? readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8')) : [];
};

describe('invitations when e-mails are written to files', () => {
  it('answers the link to whoever invites or resends (never in the list), and the link works', async () => {
    const { own, manager } = await createTeam(t.db);
    const email = uniqueEmail('arquivo');
    const res = await t.call(manager, 'POST', '/api/invitations', { email, role: 'sommelier', establishment_ids: [own.id] });
    expect(res.statusCode, res.body).toBe(201);
    const link: string = res.json().link;
    expect(link).toMatch(/^https:\/\/adega\.test\/convite\?token=[A-Za-z0-9_-]{22,}$/);
    await expect.poll(() => writtenMail().some((eml) => eml.includes(`To: ${email}`)), { timeout: 15_000 }).toBe(true);
    expect((await t.call(manager, 'GET', '/api/invitations')).json().map((i: { link: unknown }) => i.link)).toEqual([null]);

    const resent = await t.call(manager, 'POST', `/api/invitations/${res.json().id}/resend`);
    const newLink: string = resent.json().link;
    expect(newLink).not.toBe(link);
    const accept = (url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/invitations/accept',
        payload: { token: new URL(url).searchParams.get('token'), name: 'Bia', password: 'vinho-tinto-da-casa' },
      });
    expect((await accept(link)).statusCode).toBe(400);
    expect((await accept(newLink)).statusCode).toBe(201);
  });
});
