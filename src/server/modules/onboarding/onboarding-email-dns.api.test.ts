import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onboardingProcesses } from '../../db/schema/index.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { EMAIL_DOMAIN_NO_MAIL } from './checks.js';

// With ONBOARDING_EMAIL_DNS_CHECK on, the e-mail's domain must accept mail. The resolver is injected: machines
// without DNS answer ENOTFOUND even for real domains.
const asked: string[] = [];
const t = testAppPerFile(
  { onboardingEmailDnsCheck: true },
  {
    mailDomainResolver: async (domain) => {
      asked.push(domain);
      return domain === 'bistro-mar.com.br';
    },
  },
);

describe('validate-email with the DNS check on', () => {
  it('accepts a domain that takes mail and refuses one that does not, storing the status', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/processes',
      payload: {
        establishment_name: 'Bistrô Mar',
        cnpj: generateCnpj(),
        email: 'contato@bistro-mar.com.br',
        phone: '(48) 99999-1234',
        address: 'Rua A, 1',
        city: 'Florianópolis',
        state: 'SC',
        zip_code: '88010-000',
        contact_name: 'Ana',
        contact_email: 'ana@bistro-mar.com.br',
        contact_phone: '(48) 99999-1234',
      },
    });
    const id = created.json().process_id as string;
    const status = async () => (await t.db.select().from(onboardingProcesses).where(eq(onboardingProcesses.id, id)))[0]?.emailStatus;
    const check = (email: string) =>
      t.app.inject({ method: 'POST', url: `/api/onboarding/processes/${id}/validate-email`, payload: { email } });

    const ok = await check('contato@Bistro-Mar.com.br');
    expect(ok.statusCode).toBe(200);
    expect(await status()).toBe('valid');

    const bad = await check('contato@dominio-sem-email.com.br');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: EMAIL_DOMAIN_NO_MAIL, detail: EMAIL_DOMAIN_NO_MAIL });
    expect(await status()).toBe('invalid');

    // Bad syntax never reaches DNS.
    expect((await check('sem arroba')).statusCode).toBe(400);
    expect(asked).toEqual(['bistro-mar.com.br', 'dominio-sem-email.com.br']);
  });
});
