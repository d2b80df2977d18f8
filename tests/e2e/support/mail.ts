import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { E2E_DATA_DIR } from './constants.js';
import { expect } from './fixtures.js';

/** The messages the e2e server wrote as .eml files (no SMTP_URL), parsed. */
async function writtenMail() {
  const dir = path.join(E2E_DATA_DIR, 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return Promise.all(files.sort().map((f) => simpleParser(readFileSync(path.join(dir, f)))));
}

/** The /convite link of the latest invitation e-mail written for `email`, once it is there. */
export async function invitationLinkFromMail(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mine = (await writtenMail()).filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((a) => a.address === email));
      link = mine.at(-1)?.text?.match(/https?:\/\/\S+\/convite\?token=[A-Za-z0-9_-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}
