import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { E2E_DATA_DIR, E2E_PORT } from './constants.js';

/** The messages the e2e server wrote as .eml files (the embedded default, no SMTP_URL), parsed, oldest first. */
export async function writtenMails(): Promise<ParsedMail[]> {
  const dir = path.join(E2E_DATA_DIR, 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return Promise.all(files.sort().map((f) => simpleParser(readFileSync(path.join(dir, f)))));
}

const recipient = (mail: ParsedMail) => {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address ?? '';
};

/**
 * The newest e-mail to `to` whose subject contains `subject`, as the server wrote it (.eml under DATA_DIR/mail, the
 * embedded default without SMTP_URL); waits for it to be delivered by the outbox job.
 */
export async function waitForMail(to: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await writtenMails()).filter((m) => recipient(m) === to && (m.subject ?? '').includes(subject)).at(-1);
        return Boolean(found);
      },
      { timeout: 30_000, message: `an e-mail to ${to} about "${subject}"` },
    )
    .toBe(true);
  return found as ParsedMail;
}

/** The first link of the e-mail's text that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): URL {
  const link = (mail.text ?? '').split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link to ${prefix} in: ${mail.text}`);
  return new URL(link);
}

/** The /convite link of the latest invitation e-mail to `email`, once it is written. */
export async function invitationLinkFromMail(email: string): Promise<string> {
  return linkIn(await waitForMail(email, 'Seu convite para o Adega'), `http://127.0.0.1:${E2E_PORT}/convite?token=`).href;
}
