import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EMAIL_LENGTH_MESSAGES, PHONE_EXTENSION } from '../../../shared/field-rules.js';
import { MENU_MAX_BYTES, MENU_TOO_LARGE, MENU_TYPE_NOT_ALLOWED } from '../../../shared/onboarding.js';
import { establishments, invitations, leads, mailMessages, onboardingProcesses, users } from '../../db/schema/index.js';
import { onboardingFormValues, uniqueEmail } from '../../test-support/factories.js';
import { testAppPerFile, testUserPerFile } from '../../test-support/file-app.js';
import { pngHeaderOf } from '../../test-support/images.js';
import { multipartBody } from '../../test-support/multipart.js';
import { IMAGE_TOO_MANY_PIXELS } from '../uploads/image-normalizer.js';
import { CNPJ_INVALID, EMAIL_INVALID, PHONE_INVALID } from './checks.js';
import { CHECKS_PER_HOUR, SIGNUPS_PER_HOUR } from './routes.js';
import { createOnboardingService } from './service.js';

const t = testAppPerFile();
const admin = testUserPerFile(t, 'admin');
const manager = testUserPerFile(t, 'restaurant_manager');

const SAMPLE_PDF = readFileSync(new URL('../../../../tests/e2e/fixtures/cardapio-exemplo.pdf', import.meta.url));

// Every public call comes from its own address, so only the rate-limit test meets the limit.
let address = 0;
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const post = (url: string, payload: object, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: `/api/onboarding${url}`, payload, remoteAddress });

const form = onboardingFormValues;

async function createProcess(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await post('/processes', form(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().process_id;
}

const rowOf = async (id: string) => {
  const [row] = await t.db.select().from(onboardingProcesses).where(eq(onboardingProcesses.id, id));
  if (!row) throw new Error('process not found');
  return row;
};

type CheckedField = 'cnpj' | 'email' | 'phone';
const validate = (id: string, field: CheckedField, value: string) => post(`/processes/${id}/validate-${field}`, { [field]: value });

/**
 * On one new process, each typed value (alone, or with the value it should be stored as) through the field's check:
 * the answer and the process row after it.
 */
async function* validateEach(field: CheckedField, cases: readonly (string | readonly [typed: string, stored: string])[]) {
  const id = await createProcess();
  for (const c of cases) {
    const [typed, stored] = typeof c === 'string' ? [c, undefined] : c;
    const res = await validate(id, field, typed);
    yield { typed, stored, res, row: await rowOf(id) };
  }
}

/** A process whose three checks passed, ready for its menu. */
async function readyProcess(overrides: Record<string, unknown> = {}): Promise<string> {
  const values = form(overrides);
  const id = await createProcess(values);
  for (const field of ['cnpj', 'email', 'phone'] as const) {
    const res = await validate(id, field, values[field] as string);
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

const upload = (id: string, bytes: Buffer, filename = 'cardapio.pdf', type = 'application/pdf', field = 'menu_file') =>
  t.app.inject({
    method: 'POST',
    url: `/api/onboarding/processes/${id}/upload-menu`,
    remoteAddress: nextAddress(),
    ...multipartBody(field, filename, type, bytes),
  });

async function submittedProcess(overrides: Record<string, unknown> = {}): Promise<string> {
  const id = await readyProcess(overrides);
  const res = await upload(id, SAMPLE_PDF);
  expect(res.statusCode, res.body).toBe(201);
  return id;
}

/** A file that file-type reads as a PDF, padded to exactly `size` bytes. */
const pdfOfSize = (size: number) => Buffer.concat([SAMPLE_PDF, Buffer.alloc(size - SAMPLE_PDF.length, 0x20)]);

describe('POST /api/onboarding/processes', () => {
  it('creates an in-progress process under a random UUID and stores the fields as typed', async () => {
    const values = form({ establishment_name: '<b>Bar & "Cia"</b>', state: 'sc', zip_code: '88010000' });
    const res = await post('/processes', values);
    expect(res.statusCode).toBe(201);
    const { process_id } = res.json();
    expect(process_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const row = await rowOf(process_id);
    expect(row).toMatchObject({
      status: 'in_progress',
      establishmentName: '<b>Bar & "Cia"</b>',
      state: 'SC',
      zipCode: '88010000',
      cnpjStatus: 'pending',
      emailStatus: 'pending',
      phoneStatus: 'pending',
    });
    // Every sign-up is a lead for the sales team (see 'the CRM lead of a sign-up').
    expect(row.leadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it('requires all eleven fields, valid e-mails, a Brazilian UF and an 8-digit CEP, and writes nothing otherwise', async () => {
    const before = (await t.db.select().from(onboardingProcesses)).length;
    const empty = await post('/processes', {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields).sort()).toEqual(
      [
        'address',
        'city',
        'cnpj',
        'contact_email',
        'contact_name',
        'contact_phone',
        'email',
        'establishment_name',
        'phone',
        'state',
        'zip_code',
      ].sort(),
    );
    expect(empty.json().error).toBe(empty.json().detail);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'sem-arroba.com' }, 'email', 'Informe um e-mail válido para o estabelecimento.'],
      [{ email: `${'a'.repeat(65)}@bistro.com.br` }, 'email', EMAIL_LENGTH_MESSAGES.local],
      [{ contact_email: 'ana @bistro.com' }, 'contact_email', 'Informe um e-mail válido para o responsável.'],
      [{ state: 'XX' }, 'state', 'Escolha um estado (UF) do Brasil.'],
      [{ zip_code: '8801-000' }, 'zip_code', 'Informe um CEP com 8 dígitos, ex.: 88010-000.'],
      [{ zip_code: '880100001' }, 'zip_code', 'Informe um CEP com 8 dígitos, ex.: 88010-000.'],
      [{ city: '   ' }, 'city', 'Informe a cidade.'],
    ];
    for (const [override, field, message] of cases) {
      const res = await post('/processes', form(override));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field]).toBe(message);
      expect(res.json().detail).toContain(message);
    }
    expect((await t.db.select().from(onboardingProcesses)).length).toBe(before);
  });

  it('is never listed publicly: no GET of processes, the review list needs an admin', async () => {
    const id = await createProcess();
    const listing = await t.app.inject({ method: 'GET', url: '/api/onboarding/processes' });
    expect(listing.statusCode).not.toBe(200);
    expect(listing.body).not.toContain(id);
    expect((await t.app.inject({ method: 'GET', url: '/api/onboarding/reviews' })).statusCode).toBe(401);
    const asManager = await t.as(manager.token, { method: 'GET', url: '/api/onboarding/reviews' });
    expect(asManager.statusCode).toBe(403);
    expect(asManager.json().detail).toBe('Apenas administradores podem fazer isto.');
  });

  it('back to step 1: PUT replaces the fields, keeps an unchanged check and resets a changed one', async () => {
    const values = form();
    const id = await createProcess(values);
    expect((await validate(id, 'cnpj', values.cnpj)).statusCode).toBe(200);
    expect((await validate(id, 'phone', values.phone)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/onboarding/processes/${id}`,
      payload: { ...values, city: 'São José', phone: '(48) 98888-7777' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(204);
    const row = await rowOf(id);
    expect(row).toMatchObject({ city: 'São José', cnpjStatus: 'valid', phoneStatus: 'pending', phone: '(48) 98888-7777' });
  });
});

describe('POST /api/onboarding/processes/{id}/validate-cnpj', () => {
  it('accepts numeric and alphanumeric CNPJs, masked or not, and stores the 14 characters', async () => {
    const cases: [string, string][] = [
      ['11.222.333/0001-81', '11222333000181'],
      ['11222333000181', '11222333000181'],
      ['12.ABC.345/01DE-35', '12ABC34501DE35'],
      ['12abc34501de35', '12ABC34501DE35'],
    ];
    for await (const { typed, stored, res, row } of validateEach('cnpj', cases)) {
      expect(res.statusCode, typed).toBe(200);
      expect(res.json()).toEqual({ message: 'CNPJ válido.', status: 'valid', value: stored });
      expect(row).toMatchObject({ cnpj: stored, cnpjStatus: 'valid' });
      expect(row.cnpjCheckedAt).toBeInstanceOf(Date);
    }
  });

  it('refuses wrong check digits, lengths and repeated digits with {error, detail} and stores invalid', async () => {
    const bads = [
      '11.222.333/0001-82',
      '12.ABC.345/01DE-36',
      '1122233300018',
      '00.000.000/0000-00',
      '11111111111111',
      'AB.CDE.FGH/IJKL-MN',
    ];
    for await (const { typed: bad, res, row } of validateEach('cnpj', bads)) {
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ error: CNPJ_INVALID, detail: CNPJ_INVALID });
      expect(row).toMatchObject({ cnpj: bad, cnpjStatus: 'invalid' });
    }
  });

  it('answers 404 for an unknown process or an id that is not one', async () => {
    for (const id of ['8a4a1d0e-5a3c-4c1e-9a55-1f6f0f2b8b11', 'nao-e-um-id', "1' or '1'='1"]) {
      const res = await validate(encodeURIComponent(id), 'cnpj', '11.222.333/0001-81');
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toBe('Cadastro não encontrado.');
    }
  });
});

describe('POST /api/onboarding/processes/{id}/validate-email', () => {
  it('accepts a real address syntax, lower-cased', async () => {
    const id = await createProcess();
    const res = await validate(id, 'email', '  Contato@Bistro-Mar.com.BR ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'E-mail válido.', value: 'contato@bistro-mar.com.br' });
    expect(await rowOf(id)).toMatchObject({ email: 'contato@bistro-mar.com.br', emailStatus: 'valid' });
  });

  it('refuses spaces, a missing @ and a domain without a dot', async () => {
    const bads = ['contato bistro@mar.com', 'contato.bistro.com', 'contato@localhost', 'contato@', '@mar.com.br', 'a@b@c.com'];
    for await (const { typed: bad, res, row } of validateEach('email', bads)) {
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe(EMAIL_INVALID);
      expect(row.emailStatus).toBe('invalid');
    }
  });
});

describe('POST /api/onboarding/processes/{id}/validate-email: sizes', () => {
  const label = (n: number) => 'd'.repeat(n);
  it.each([
    [`${'a'.repeat(65)}@bistro-mar.com.br`, EMAIL_LENGTH_MESSAGES.local],
    [`contato@${[label(60), label(60), label(60), label(60), label(60), 'com'].join('.')}`, EMAIL_LENGTH_MESSAGES.domain],
    [`contato@${label(64)}.com.br`, EMAIL_LENGTH_MESSAGES.label],
  ])('refuses %s with a 400 that says which part is too long, and stores it as invalid', async (bad, message) => {
    const id = await createProcess();
    const res = await validate(id, 'email', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, detail: message });
    expect((await rowOf(id)).emailStatus).toBe('invalid');
  });
});

describe('POST /api/onboarding/processes/{id}/validate-phone', () => {
  it('refuses a number with an extension (which E.164 cannot keep) instead of dropping it', async () => {
    for await (const { typed, res, row } of validateEach('phone', ['+55 48 99999-1234 ext 5', '(48) 3232-4455 x12'])) {
      expect(res.statusCode, typed).toBe(400);
      expect(res.json().error).toBe(PHONE_EXTENSION);
      expect(row).toMatchObject({ phone: typed, phoneStatus: 'invalid' });
    }
  });

  it('accepts mobiles and landlines with a real DDD, with or without +55 and mask, stored as E.164', async () => {
    const cases: [string, string][] = [
      ['(48) 99999-1234', '+5548999991234'],
      ['48999991234', '+5548999991234'],
      ['+55 11 91234-5678', '+5511912345678'],
      ['+5521987654321', '+5521987654321'],
      ['(11) 2345-6789', '+551123456789'],
      ['48 3232-4455', '+554832324455'],
      ['+55 (61) 3333-4444', '+556133334444'],
    ];
    for await (const { typed, stored, res, row } of validateEach('phone', cases)) {
      expect(res.statusCode, typed).toBe(200);
      expect(res.json().value).toBe(stored);
      expect(row).toMatchObject({ phone: stored, phoneStatus: 'valid' });
    }
  });

  it('refuses invalid DDDs, old 8-digit mobiles, 9 digits not starting with 9, short numbers and other countries', async () => {
    const bads = [
      '(20) 99999-1234',
      '(10) 3232-4455',
      '(48) 9999-1234',
      '(48) 89999-1234',
      '(48) 1234-5678',
      '99999-1234',
      '+1 202 555 0143',
      'telefone',
    ];
    for await (const { typed: bad, res, row } of validateEach('phone', bads)) {
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe(PHONE_INVALID);
      expect(row.phoneStatus).toBe('invalid');
    }
  });
});

describe('POST /api/onboarding/processes/{id}/upload-menu', () => {
  const privateFiles = (id: string) => {
    const dir = path.join(t.config.dataDir, 'private', 'onboarding', id);
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('is 409 until the three checks are valid, 404 for an unknown process', async () => {
    const values = form();
    const id = await createProcess(values);
    await validate(id, 'cnpj', values.cnpj);
    await validate(id, 'email', values.email);
    const early = await upload(id, SAMPLE_PDF);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('Valide o CNPJ, o e-mail e o telefone antes de enviar o cardápio.');
    await validate(id, 'phone', 'telefone errado');
    expect((await upload(id, SAMPLE_PDF)).statusCode).toBe(409);
    expect((await upload('8a4a1d0e-5a3c-4c1e-9a55-1f6f0f2b8b11', SAMPLE_PDF)).statusCode).toBe(404);
    expect(privateFiles(id)).toEqual([]);
  });

  it('stores the PDF privately and submits the process; afterwards nothing can change it (409)', async () => {
    const id = await readyProcess();
    const res = await upload(id, SAMPLE_PDF, 'Cardápio <verão>.pdf', 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Cardápio enviado com sucesso!', status: 'submitted', file_type: 'application/pdf' });
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'submitted',
      menuFileType: 'application/pdf',
      menuFileName: 'Cardápio <verão>.pdf',
      menuFileSize: SAMPLE_PDF.length,
    });
    expect(row.submittedAt).toBeInstanceOf(Date);
    expect(privateFiles(id)).toEqual(['cardapio.pdf']);
    expect(readFileSync(path.join(t.config.dataDir, 'private', row.menuFileKey as string)).equals(SAMPLE_PDF)).toBe(true);
    // Never served: not under /uploads, no public route reads the private folder.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${row.menuFileKey}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/private/${row.menuFileKey}` })).statusCode).not.toBe(200);

    const again = await upload(id, SAMPLE_PDF);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Este cadastro já foi enviado e não pode mais ser alterado.');
    expect((await validate(id, 'cnpj', '11.222.333/0001-81')).statusCode).toBe(409);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/onboarding/processes/${id}`,
      payload: form(),
      remoteAddress: nextAddress(),
    });
    expect(put.statusCode).toBe(409);
  });

  it('accepts exactly 10,485,760 bytes and refuses one byte more with the SPEC message', async () => {
    const atLimit = await readyProcess();
    const ok = await upload(atLimit, pdfOfSize(MENU_MAX_BYTES));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().file_size).toBe(MENU_MAX_BYTES);

    const over = await readyProcess();
    const res = await upload(over, pdfOfSize(MENU_MAX_BYTES + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: MENU_TOO_LARGE, detail: MENU_TOO_LARGE });
    expect(await rowOf(over)).toMatchObject({ status: 'in_progress', menuFileKey: null });
    expect(privateFiles(over)).toEqual([]);
  });

  it('refuses a body announced far over the limit before reading it', async () => {
    const id = await readyProcess();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/onboarding/processes/${id}/upload-menu`,
      remoteAddress: nextAddress(),
      ...multipartBody('menu_file', 'grande.pdf', 'application/pdf', pdfOfSize(MENU_MAX_BYTES + 200_000)),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(MENU_TOO_LARGE);
  });

  it('judges the type by the bytes: a script renamed .pdf, an SVG and a GIF are refused', async () => {
    const id = await readyProcess();
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const [bytes, name, type] of [
      [Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n'), 'cardapio.pdf', 'application/pdf'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'cardapio.png', 'image/png'],
      [gif, 'cardapio.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(id, bytes, name, type);
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toMatchObject({ error: MENU_TYPE_NOT_ALLOWED, detail: MENU_TYPE_NOT_ALLOWED });
    }
    expect(await rowOf(id)).toMatchObject({ status: 'in_progress' });
    expect(privateFiles(id)).toEqual([]);
  });

  it('names the file by the type of its bytes: a PDF sent as menu.jpg is kept and downloaded as menu.pdf', async () => {
    const id = await readyProcess();
    const res = await upload(id, SAMPLE_PDF, 'menu.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ file_name: 'menu.pdf', file_type: 'application/pdf' });
    expect(await rowOf(id)).toMatchObject({ menuFileName: 'menu.pdf', menuFileType: 'application/pdf' });
    const file = await t.call(admin, 'GET', `/api/onboarding/reviews/${id}/menu-file?download=1`);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="menu.pdf"/);
  });

  it('refuses a photo whose header claims 50,000 x 50,000 pixels with a pt-BR 413, and stores nothing', async () => {
    const id = await readyProcess();
    const res = await upload(id, pngHeaderOf(50_000, 50_000), 'cardapio.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'too_many_pixels', error: IMAGE_TOO_MANY_PIXELS, detail: IMAGE_TOO_MANY_PIXELS });
    expect(await rowOf(id)).toMatchObject({ status: 'in_progress', menuFileKey: null });
    expect(privateFiles(id)).toEqual([]);
  });

  it('re-encodes photos (metadata dropped) and wants the part named menu_file', async () => {
    const id = await readyProcess();
    const jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#eee' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Fulano', Copyright: 'segredo' } })
      .toBuffer();
    const wrongPart = await upload(id, jpeg, 'foto.jpg', 'image/jpeg', 'file');
    expect(wrongPart.statusCode).toBe(400);
    expect(wrongPart.json().fields).toEqual({ menu_file: 'Selecione o arquivo do cardápio.' });
    const res = await upload(id, jpeg, 'foto.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const stored = readFileSync(path.join(t.config.dataDir, 'private', 'onboarding', id, 'cardapio.jpg'));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 80, height: 60 });
    expect(meta.exif).toBeUndefined();
  });
});

describe('the team review (admin)', () => {
  const adminCall = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.call(admin, method, `/api/onboarding/reviews${url}`, payload);

  it('lists sign-ups newest first with status filter and search, and shows every field of one', async () => {
    const name = `Cantina Search ${Date.now()}`;
    const id = await submittedProcess({ establishment_name: name, city: 'Blumenau' });
    const all = await adminCall('GET', '');
    expect(all.statusCode).toBe(200);
    expect(all.json()[0].id).toBe(id);
    const submitted = (await adminCall('GET', `?status=submitted&search=${encodeURIComponent('cantina search')}`)).json();
    expect(submitted.map((p: { id: string }) => p.id)).toEqual([id]);
    expect((await adminCall('GET', `?status=approved&search=${encodeURIComponent(name)}`)).json()).toEqual([]);
    const row = await rowOf(id);
    const byCnpj = (await adminCall('GET', `?search=${row.cnpj.slice(0, 8)}`)).json();
    expect(byCnpj.map((p: { id: string }) => p.id)).toContain(id);
    expect((await adminCall('GET', `?search=${encodeURIComponent('100%_')}`)).json()).toEqual([]);

    const detail = await adminCall('GET', `/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id,
      status: 'submitted',
      establishment_name: name,
      city: 'Blumenau',
      phone: '+5548999991234',
      checks: { cnpj: { status: 'valid' }, email: { status: 'valid' }, phone: { status: 'valid' } },
      menu_file: { name: 'cardapio.pdf', type: 'application/pdf', size: SAMPLE_PDF.length },
    });
    const file = await adminCall('GET', `/${id}/menu-file?download=1`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="cardapio.pdf"/);
    expect(file.rawPayload.equals(SAMPLE_PDF)).toBe(true);
    expect((await t.call(manager, 'GET', `/api/onboarding/reviews/${id}/menu-file`)).statusCode).toBe(403);
    expect((await adminCall('GET', '/8a4a1d0e-5a3c-4c1e-9a55-1f6f0f2b8b11')).statusCode).toBe(404);
  });

  it('Aprovar creates the establishment and invites the contact as its manager (no password on screen), once (409 twice)', async () => {
    const contactEmail = uniqueEmail('dona');
    const id = await submittedProcess({ establishment_name: 'Onboarding', contact_email: contactEmail, cnpj: '12.ABC.345/01DE-35' });
    const res = await adminCall('POST', `/${id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // The name is a reserved word: the slug steps aside.
    expect(body.establishment).toMatchObject({ name: 'Onboarding', slug: 'onboarding-2' });
    // This app writes e-mails to files: the admin gets the link to pass on by hand, never a password.
    expect(body.manager).toEqual({
      email: contactEmail,
      invited: true,
      link: expect.stringMatching(/^https:\/\/adega\.test\/convite\?token=/),
    });
    expect(JSON.stringify(body)).not.toMatch(/password|senha/i);
    expect(body.process).toMatchObject({ status: 'approved', establishment_id: body.establishment.id, establishment_slug: 'onboarding-2' });

    const [est] = await t.db.select().from(establishments).where(eq(establishments.id, body.establishment.id));
    expect(est).toMatchObject({
      name: 'Onboarding',
      address: 'Rua das Gaivotas, 120, Florianópolis - SC, CEP 88010-000',
      phone: '+5548999991234',
    });
    // No login until the contact accepts; the invitation keeps only the token's hash.
    expect(await t.db.select().from(users).where(eq(users.email, contactEmail))).toEqual([]);
    const [invitation] = await t.db.select().from(invitations).where(eq(invitations.email, contactEmail));
    expect(invitation).toMatchObject({ role: 'restaurant_manager', establishmentIds: [body.establishment.id], invitedBy: admin.id });
    const token = new URL(body.manager.link).searchParams.get('token') ?? '';
    expect(invitation?.tokenHash).not.toContain(token);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'approved', reviewedBy: admin.id, managerUserId: null });
    expect(row.reviewedAt).toBeInstanceOf(Date);
    // The invitation e-mail is in the outbox, in the approval's transaction, with the same link.
    const [mail] = await t.db.select().from(mailMessages).where(eq(mailMessages.recipient, contactEmail));
    expect(mail).toMatchObject({ kind: 'invitation', subject: 'Seu convite para o Adega' });
    expect(mail?.textBody).toContain(body.manager.link);

    // Accepting the invitation makes the login, which sees only its new establishment.
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, name: 'Marina Souza', password: 'vinho-tinto-da-casa' },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const session = accepted.json().access_token as string;
    const list = await t.as(session, { method: 'GET', url: '/api/establishments' });
    expect(list.json().map((e: { id: string }) => e.id)).toEqual([body.establishment.id]);
    const me = await t.as(session, { method: 'GET', url: '/api/auth/me' });
    expect(me.json()).toMatchObject({ role: 'restaurant_manager', establishment_ids: [body.establishment.id] });

    const twice = await adminCall('POST', `/${id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Este cadastro já foi aprovado.');
    expect((await adminCall('POST', `/${id}/reject`, { reason: 'Tarde demais' })).statusCode).toBe(409);
    expect((await t.db.select().from(establishments).where(eq(establishments.name, 'Onboarding'))).length).toBe(1);

    // The CNPJ is now taken: another sign-up's check answers 'CNPJ já cadastrado'.
    const other = await createProcess();
    const taken = await validate(other, 'cnpj', '12abc34501de35');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'CNPJ já cadastrado', detail: 'CNPJ já cadastrado' });
    expect((await rowOf(other)).cnpjStatus).toBe('invalid');
  });

  it('moves through the states: in progress cannot be approved, rejected cannot be approved', async () => {
    const inProgress = await createProcess();
    const early = await adminCall('POST', `/${inProgress}/approve`);
    expect(early.statusCode).toBe(409);
    expect((await rowOf(inProgress)).status).toBe('in_progress');

    const id = await submittedProcess();
    const noReason = await adminCall('POST', `/${id}/reject`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('Informe o motivo da rejeição.');
    const rejected = await adminCall('POST', `/${id}/reject`, { reason: 'CNPJ de outra empresa <script>' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejection_reason: 'CNPJ de outra empresa <script>' });
    const approve = await adminCall('POST', `/${id}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().detail).toBe('Este cadastro foi rejeitado e não pode ser aprovado.');
    expect((await adminCall('POST', `/${id}/reject`, { reason: 'De novo' })).statusCode).toBe(409);
    expect(await rowOf(id)).toMatchObject({ status: 'rejected', establishmentId: null, managerUserId: null });
    expect((await t.call(manager, 'POST', `/api/onboarding/reviews/${id}/approve`)).statusCode).toBe(403);
  });

  it('links an existing manager login instead of inviting it again', async () => {
    const contactEmail = uniqueEmail('gerente-existente');
    const first = await submittedProcess({ contact_email: contactEmail });
    const firstApproval = (await adminCall('POST', `/${first}/approve`)).json();
    const token = new URL(firstApproval.manager.link).searchParams.get('token');
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, name: 'Gerente', password: 'vinho-tinto-da-casa' },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const second = await submittedProcess({ contact_email: contactEmail, establishment_name: 'Segunda Casa' });
    const res = await adminCall('POST', `/${second}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().manager).toEqual({ email: contactEmail, invited: false, link: null });
    const me = await t.as(accepted.json().access_token, { method: 'GET', url: '/api/auth/me' });
    expect(me.json().establishment_ids.sort()).toEqual([firstApproval.establishment.id, res.json().establishment.id].sort());
  });

  it('a second sign-up approved before the first invitation is accepted widens that invitation: one new link for both', async () => {
    const contactEmail = uniqueEmail('duas-casas');
    const first = await submittedProcess({ contact_email: contactEmail });
    const firstApproval = (await adminCall('POST', `/${first}/approve`)).json();
    const second = await submittedProcess({ contact_email: contactEmail, establishment_name: 'Outra Casa' });
    const res = await adminCall('POST', `/${second}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(invitations).where(eq(invitations.email, contactEmail))).toHaveLength(1);

    const oldToken = new URL(firstApproval.manager.link).searchParams.get('token');
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token: oldToken, name: 'Dona', password: 'vinho-tinto-da-casa' },
    });
    expect(stale.statusCode).toBe(400);
    const token = new URL(res.json().manager.link).searchParams.get('token');
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token, name: 'Dona', password: 'vinho-tinto-da-casa' },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const me = await t.as(accepted.json().access_token, { method: 'GET', url: '/api/auth/me' });
    expect(me.json().establishment_ids.sort()).toEqual([firstApproval.establishment.id, res.json().establishment.id].sort());
  });
});

describe('the CRM lead of a sign-up', () => {
  const leadOf = async (id: string) => {
    const { leadId } = await rowOf(id);
    if (!leadId) throw new Error('no lead');
    const [lead] = await t.db.select().from(leads).where(eq(leads.id, leadId));
    return lead;
  };

  it('is a website lead of the company, found again by e-mail or CNPJ, qualified on submission and converted on approval', async () => {
    const contactEmail = uniqueEmail('lead');
    const cnpj = generateCnpj();
    const first = await createProcess({ establishment_name: 'Bistrô do Lead', contact_email: contactEmail, cnpj });
    expect(await leadOf(first)).toMatchObject({ source: 'website', status: 'new', company: 'Bistrô do Lead', email: contactEmail });

    // The same owner again (same e-mail), and the same company under another contact (same CNPJ): one lead.
    const again = await submittedProcess({ contact_email: contactEmail, cnpj });
    const sameCompany = await createProcess({ contact_email: uniqueEmail('socio'), cnpj });
    const lead = await leadOf(first);
    expect((await rowOf(again)).leadId).toBe(lead?.id);
    expect((await rowOf(sameCompany)).leadId).toBe(lead?.id);
    expect(lead?.cnpj).toBeTruthy();
    expect(
      await t.db
        .select()
        .from(leads)
        .where(eq(leads.cnpj, lead?.cnpj ?? '')),
    ).toHaveLength(1);
    expect(lead?.status).toBe('qualified');

    const approved = await t.call(admin, 'POST', `/api/onboarding/reviews/${again}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await leadOf(again))?.status).toBe('converted');
  });

  it('a deleted lead leaves its sign-ups in place, without a lead', async () => {
    const id = await createProcess({ contact_email: uniqueEmail('apagado') });
    const lead = await leadOf(id);
    const deleted = await t.call(admin, 'DELETE', `/api/crm/leads/${lead?.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const row = await rowOf(id);
    expect(row.id).toBe(id);
    expect(row.leadId).toBeNull();
  });
});

describe('CRM lead hooks (injected; the CRM wires its own)', () => {
  const files = { put: async () => {}, read: async () => undefined, delete: async () => {}, list: async () => [] };
  type Hooks = Parameters<typeof createOnboardingService>[0]['leads'];
  const serviceWith = (leads: Hooks) =>
    createOnboardingService({ db: t.db, files, onPublicChange: () => {}, inviteManager: async () => ({ link: null }), leads });

  it('stores the lead id of onCreated, and calls the hooks inside the process transactions', async () => {
    const calls: string[] = [];
    const [lead] = await t.db
      .insert(leads)
      .values({ name: 'Lead do gancho', email: uniqueEmail('gancho') })
      .returning();
    const leadId = lead?.id;
    const service = serviceWith({
      onCreated: async (_tx, process) => {
        calls.push(`created:${process.status}`);
        return leadId;
      },
      onSubmitted: async (_tx, process) => {
        calls.push(`submitted:${process.status}`);
      },
      onApproved: async (_tx, process) => {
        calls.push(`approved:${process.status}`);
      },
    });
    const values = form();
    const { onboardingFormSchema } = await import('../../../shared/onboarding.js');
    const id = await service.createProcess(onboardingFormSchema.parse(values));
    expect((await rowOf(id)).leadId).toBe(leadId);
    for (const field of ['cnpj', 'email', 'phone'] as const) await service.validateField(id, field, values[field]);
    await service.submitMenu(id, { bytes: SAMPLE_PDF, type: 'application/pdf', extension: 'pdf' }, 'cardapio.pdf');
    const { createUser } = await import('../../test-support/factories.js');
    const reviewer = await createUser(t.db, 'admin');
    await service.approve(
      { id: reviewer.id, email: reviewer.email, role: 'admin', establishmentIds: [], supplierId: null },
      id,
      'https://adega.test',
    );
    expect(calls).toEqual(['created:in_progress', 'submitted:submitted', 'approved:approved']);
  });

  it('a failing hook rolls the process write back', async () => {
    const service = serviceWith({
      onCreated: async () => {
        throw new Error('crm down');
      },
      onSubmitted: async () => {},
      onApproved: async () => {},
    });
    const { onboardingFormSchema } = await import('../../../shared/onboarding.js');
    const values = form({ establishment_name: `Rollback ${Date.now()}` });
    await expect(service.createProcess(onboardingFormSchema.parse(values))).rejects.toThrow('crm down');
    const rows = await t.db.select().from(onboardingProcesses).where(eq(onboardingProcesses.establishmentName, values.establishment_name));
    expect(rows).toEqual([]);
  });
});

describe('rate limiting per client address', () => {
  it(`allows ${SIGNUPS_PER_HOUR} sign-ups an hour from one address (>= 20, < 100), then answers 429 in pt-BR`, async () => {
    expect(SIGNUPS_PER_HOUR).toBeGreaterThanOrEqual(20);
    expect(SIGNUPS_PER_HOUR).toBeLessThan(100);
    expect(CHECKS_PER_HOUR).toBeGreaterThanOrEqual(SIGNUPS_PER_HOUR * 3);
    const shared = '10.200.0.1';
    for (let i = 0; i < SIGNUPS_PER_HOUR; i++) {
      const res = await post('/processes', form(), shared);
      expect(res.statusCode, `sign-up ${i + 1}`).toBe(201);
    }
    const blocked = await post('/processes', form(), shared);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'too_many_signups',
      detail: 'Muitos cadastros feitos desta rede. Aguarde uma hora e tente novamente.',
      error: 'Muitos cadastros feitos desta rede. Aguarde uma hora e tente novamente.',
    });
    // Another address is not affected.
    expect((await post('/processes', form(), '10.200.0.2')).statusCode).toBe(201);
  });
});
