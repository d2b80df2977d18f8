import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { createSupplierRow, createUser, type TestUser } from './factories.js';
import { multipartBody } from './multipart.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../tests/e2e/fixtures');

/** The committed sample price list (scripts/import-fixtures.mjs) as .xlsx, .xls or .csv. */
export const sampleFile = (ext: 'xlsx' | 'xls' | 'csv') => readFileSync(path.join(fixtures, `tabela-precos-vinhos.${ext}`));

/** What the sample must give with every option on (scripts/import-fixtures.mjs SAMPLE_EXPECTED). */
export const SAMPLE = { totalRows: 300, errors: 8, skipped: 2, success: 290 } as const;

export const SAMPLE_MAPPING = {
  name: 'Nome do Produto',
  category: 'Categoria',
  supplier: 'Fornecedor',
  price: 'Preço',
  description: 'Descrição',
  sku: 'Código',
  stock_quantity: 'Estoque',
  unit: 'Unidade',
  brand: 'Marca',
  origin: 'País de Origem',
};

/** Posts a file to the upload route as a browser would. */
export function uploadFile(
  app: FastifyInstance,
  user: { token: string },
  fileName: string,
  bytes: Buffer,
  contentType = 'application/octet-stream',
  url = '/api/product-import/upload',
) {
  const { payload, headers } = multipartBody('file', fileName, contentType, bytes);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, authorization: `Bearer ${user.token}` },
  });
}

/** A supplier record and a user of it. */
export async function createSupplierUser(db: Db, companyName: string): Promise<TestUser & { supplierId: string }> {
  const supplier = await createSupplierRow(db, { name: `Contato ${companyName}`, companyName });
  return { ...(await createUser(db, 'supplier', { supplierId: supplier.id })), supplierId: supplier.id };
}
