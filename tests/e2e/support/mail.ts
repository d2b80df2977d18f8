import { expect } from './fixtures.js';
import { writtenMails } from './mailbox.js';

/** The /convite link of the latest invitation e-mail written for `email`, once it is there. */
export async function invitationLinkFromMail(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mine = (await writtenMails()).filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((a) => a.address === email));
      link = mine.at(-1)?.text?.match(/https?:\/\/\S+\/convite\?token=[A-Za-z0-9_-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}
