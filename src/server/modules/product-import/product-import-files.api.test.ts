import { readdirSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { count, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_IMPORT_COLUMNS } from '../../../shared/product-import.js';
import { productImports } from '../../db/schema/index.js';
import { createUser, type TestUser } from '../../test-support/factories.js';
import { testAppPerFile } from '../../test-support/file-app.js';
import { sampleFile, uploadFile } from '../../test-support/import-files.js';
import { multipartBody } from '../../test-support/multipart.js';
import { TOO_MANY_COLUMNS } from './service.js';

// Each upload and each job parses a sheet in a worker thread: seconds apiece on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const t = testAppPerFile();
let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(t.db, 'admin');
});

const upload = (fileName: string, bytes: Buffer) => uploadFile(t.app, admin, fileName, bytes);
const preview = async (res: { json(): { import_id: string } }) =>
  (await t.call(admin, 'GET', `/api/product-import/preview/${res.json().import_id}`)).json();

/** A copy of a zip whose first central directory entry declares `size` unpacked bytes. */
function withDeclaredSize(zip: Buffer, size: number): Buffer {
  const copy = Buffer.from(zip);
  const end = copy.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const directory = copy.readUInt32LE(end + 16);
  copy.writeUInt32LE(size, directory + 24);
  return copy;
}

const storedFiles = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'private', 'imports'));
  } catch {
    return [];
  }
};

describe('spreadsheets recognised by their bytes', () => {
  it('.xls, and a `;` Windows-1252 .csv, read like the .xlsx', async () => {
    for (const ext of ['xls', 'csv'] as const) {
      const res = await upload(`lista.${ext}`, sampleFile(ext));
      expect(res.statusCode, res.body).toBe(201);
      const body = await preview(res);
      expect(body.total_rows).toBe(300);
      expect(body.sample_data[1]).toMatchObject({ Código: '000021', Fornecedor: 'Serra Gaúcha Distribuidora' });
    }
  });

  it('a CSV named .xlsx is a CSV; a UTF-8 CSV with a BOM and commas is read too, values trimmed', async () => {
    const utf8 = Buffer.from(
      '\ufeffNome,Categoria,Preço\n  Rosé da Serra , Vinho Rosé ,"89,90"\n,,\nEspumante Brut,Espumantes,"R$ 1.234,56"\n',
    );
    const res = await upload('renomeado.xlsx', utf8);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db
      .select({ kind: productImports.fileKind })
      .from(productImports)
      .where(eq(productImports.id, res.json().import_id));
    expect(row?.kind).toBe('csv');
    const body = await preview(res);
    expect(body.columns).toEqual(['Nome', 'Categoria', 'Preço']);
    expect(body.total_rows).toBe(2);
    expect(body.sample_data).toEqual([
      { Nome: 'Rosé da Serra', Categoria: 'Vinho Rosé', Preço: '89,90' },
      { Nome: 'Espumante Brut', Categoria: 'Espumantes', Preço: 'R$ 1.234,56' },
    ]);
  });

  it('Excel\'s "Texto Unicode" (UTF-16 with its byte order mark, tab-separated) is read like any CSV', async () => {
    const text = 'Nome\tCategoria\tPreço\nCabernet Sauvignon Reserva\tTintos\tR$ 1.234,56\nEspumante Brut Rosé\tEspumantes\t89,90\n';
    for (const [encoding, bom] of [
      ['utf16le', [0xff, 0xfe]],
      ['utf16be', [0xfe, 0xff]],
    ] as const) {
      const bytes = Buffer.concat([Buffer.from(bom), iconv.encode(text, encoding)]);
      const res = await upload('produtos.txt', bytes);
      expect(res.statusCode, res.body).toBe(201);
      const body = await preview(res);
      expect(body.columns).toEqual(['Nome', 'Categoria', 'Preço']);
      expect(body.sample_data).toEqual([
        { Nome: 'Cabernet Sauvignon Reserva', Categoria: 'Tintos', Preço: 'R$ 1.234,56' },
        { Nome: 'Espumante Brut Rosé', Categoria: 'Espumantes', Preço: '89,90' },
      ]);
    }
  });

  it('a header of exactly 200 columns is read', async () => {
    const header = Array.from({ length: MAX_IMPORT_COLUMNS }, (_, i) => `C${i + 1}`);
    const res = await upload('larga.csv', Buffer.from(`${header.join(';')}\n${header.map(() => 'x').join(';')}\n`));
    expect(res.statusCode, res.body).toBe(201);
    expect((await preview(res)).columns).toHaveLength(MAX_IMPORT_COLUMNS);
  });

  it('codes stay text with their zeros and dates read DD/MM/AAAA, even when the cells are numbers', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Código', 'Nome', 'Validade', 'Preço'],
      [123, 'Tannat', new Date(Date.UTC(2026, 2, 15, 12)), 1.234],
    ]);
    const code = sheet.A2 as XLSX.CellObject;
    code.z = '000000';
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'P');
    const res = await upload('datas.xlsx', XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', cellDates: true }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await preview(res)).sample_data[0]).toEqual({ Código: '000123', Nome: 'Tannat', Validade: '15/03/2026', Preço: '1,234' });
  });
});

describe('hostile and broken files get a clear pt-BR answer and nothing is stored', () => {
  let before: number;
  let filesBefore: number;
  beforeAll(async () => {
    const [row] = await t.db.select({ n: count() }).from(productImports);
    before = row?.n ?? 0;
    filesBefore = storedFiles().length;
  });

  const cases: [string, () => Buffer, number, string][] = [
    [
      'more than 20 MB',
      () => Buffer.concat([Buffer.from('Nome;Categoria\n'), Buffer.alloc(21 * 1024 * 1024, 'a')]),
      413,
      'Tamanho máximo: 20 MB',
    ],
    ['more than 200,000 rows', () => Buffer.from(`Nome;Categoria\n${'Vinho;Tinto\n'.repeat(200_001)}`), 413, 'mais de 200.000 linhas'],
    [
      'a zip whose unpacked size is absurd',
      () => withDeclaredSize(sampleFile('xlsx'), 450 * 1024 * 1024),
      413,
      'descompactado ficaria grande demais',
    ],
    [
      'a zip whose ratio is absurd',
      () => withDeclaredSize(sampleFile('xlsx'), 60 * 1024 * 1024),
      413,
      'descompactado ficaria grande demais',
    ],
    ['a password-protected workbook', encryptedWorkbook, 400, 'protegida por senha'],
    ['a truncated .xlsx', () => sampleFile('xlsx').subarray(0, 30_000), 400, 'corrompido'],
    ['a truncated .xls', () => sampleFile('xls').subarray(0, 20_000), 400, 'corrompido'],
    ['a zip that is no workbook', plainZip, 415, 'Formato de arquivo não suportado'],
    [
      'an image',
      () => Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
      415,
      'Formato de arquivo não suportado',
    ],
    ['an empty file', () => Buffer.alloc(0), 400, 'vazio'],
    ['a CSV header of 200,000 columns', () => wideCsv(200_000), 400, TOO_MANY_COLUMNS],
    ['an .xlsx header of 201 columns', () => wideXlsx(MAX_IMPORT_COLUMNS + 1), 400, TOO_MANY_COLUMNS],
    [
      'UTF-16 that is not text',
      () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.alloc(2000, 0)]),
      415,
      'Formato de arquivo não suportado',
    ],
    ['a header and no rows', () => Buffer.from('Nome;Categoria\n;\n'), 400, 'não tem linhas de produtos'],
  ];
  for (const [what, bytes, status, detail] of cases) {
    it(`${what}: ${status}`, async () => {
      const res = await upload('planilha.xlsx', bytes());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().detail).toContain(detail);
    });
  }

  it('a request without the file, or not multipart, is refused with the spec text', async () => {
    const { payload, headers } = multipartBody('arquivo', 'a.csv', 'text/csv', Buffer.from('a;b\n1;2\n'));
    const wrongField = await t.as(admin.token, { method: 'POST', url: '/api/product-import/upload', payload, headers });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().detail).toBe('Por favor, selecione um arquivo');
    const json = await t.call(admin, 'POST', '/api/product-import/upload', { file: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it('none of them left a record or a file behind', async () => {
    const [row] = await t.db.select({ n: count() }).from(productImports);
    expect(row?.n).toBe(before);
    expect(storedFiles().length).toBe(filesBefore);
  });
});

function wideCsv(columns: number): Buffer {
  const header = Array.from({ length: columns }, (_, i) => `c${i}`).join(';');
  return Buffer.from(`${header}\n${header}\n`);
}

function wideXlsx(columns: number): Buffer {
  const header = Array.from({ length: columns }, (_, i) => `Coluna ${i + 1}`);
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([header, header]), 'P');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** An Office-encrypted workbook: the OLE container with EncryptionInfo and EncryptedPackage streams. */
function encryptedWorkbook(): Buffer {
  const cfb = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(cfb, '/EncryptionInfo', Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]));
  XLSX.CFB.utils.cfb_add(cfb, '/EncryptedPackage', Buffer.alloc(4096, 7));
  return Buffer.from(XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer);
}

function plainZip(): Buffer {
  const zip = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(zip, '/leia-me.txt', Buffer.from('não é planilha'));
  return Buffer.from(XLSX.CFB.write(zip, { type: 'buffer', fileType: 'zip' }) as Buffer);
}
