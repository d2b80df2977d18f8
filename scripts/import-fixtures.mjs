#!/usr/bin/env node
// Sample spreadsheets for the product import (tests, e2e, bench), written with SheetJS (@e965/xlsx).
//   node scripts/import-fixtures.mjs                 -> tests/e2e/fixtures/tabela-precos-vinhos.{xlsx,xls,csv}
//   node scripts/import-fixtures.mjs --large N FILE  -> FILE: an .xlsx of N valid rows, for the benchmark
// The sample is a Brazilian wine distributor's price list: pt-BR headers, "R$ 1.234,56" prices (some typed as
// text, some as numbers formatted in reais), SKUs with leading zeros, two empty rows, and known bad rows (see
// SAMPLE_EXPECTED). The .csv is `;`-separated Windows-1252, as Excel saves "CSV" in Brazil.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import iconv from 'iconv-lite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURES_DIR = path.join(root, 'tests/e2e/fixtures');
export const SAMPLE_NAME = 'tabela-precos-vinhos';

export const HEADERS = [
  'Código',
  'Nome do Produto',
  'Categoria',
  'Fornecedor',
  'Preço',
  'Estoque',
  'Unidade',
  'Marca',
  'País de Origem',
  'Descrição',
  'EAN',
];

const PRODUCERS = [
  ['Casa Valduga', 'Brasil'],
  ['Miolo', 'Brasil'],
  ['Salton', 'Brasil'],
  ['Catena Zapata', 'Argentina'],
  ['Trapiche', 'Argentina'],
  ['Concha y Toro', 'Chile'],
  ['Montes', 'Chile'],
  ['Esporão', 'Portugal'],
  ['Quinta do Crasto', 'Portugal'],
  ['Marqués de Riscal', 'Espanha'],
  ['Antinori', 'Itália'],
  ['Château Lafon', 'França'],
];
const STYLES = [
  ['Vinhos Tintos Encorpados', ['Cabernet Sauvignon', 'Malbec', 'Tannat', 'Touriga Nacional', 'Syrah']],
  ['Vinhos Tintos Médios', ['Merlot', 'Carménère', 'Tempranillo', 'Sangiovese']],
  ['Vinhos Tintos Leves', ['Pinot Noir', 'Gamay']],
  ['Vinhos Brancos Leves', ['Sauvignon Blanc', 'Alvarinho', 'Riesling']],
  ['Vinho Branco Complexo', ['Chardonnay', 'Viognier']],
  ['Vinho Rosé', ['Rosé de Syrah', 'Rosé de Pinot']],
  ['Espumantes', ['Brut', 'Nature', 'Moscatel']],
];
const SUPPLIERS = ['Importadora Vinhos do Sul Ltda', 'Serra Gaúcha Distribuidora', 'Casa Portuguesa Importações'];
const UNITS = ['garrafa', 'garrafa', 'garrafa', 'caixa'];

/** A small deterministic generator: the same files every run. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
const brl = (n) => `R$ ${n.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** EAN-13 with its check digit, Brazil's 789 prefix. */
function ean(n) {
  const body = `789${String(n).padStart(9, '0')}`;
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** One valid product row: [sku, name, category, supplier, price (number), stock, unit, brand, origin, description, ean]. */
function productRow(rnd, n) {
  const [producer, country] = pick(rnd, PRODUCERS);
  const [category, grapes] = pick(rnd, STYLES);
  const grape = pick(rnd, grapes);
  const vintage = 2015 + Math.floor(rnd() * 9);
  const price = Math.round((39 + rnd() * 1400) * 100) / 100;
  const name = category === 'Espumantes' ? `${producer} Espumante ${grape}` : `${producer} ${grape} ${vintage}`;
  return [
    String(n).padStart(6, '0'),
    name,
    category,
    pick(rnd, SUPPLIERS),
    price,
    Math.floor(rnd() * 240),
    pick(rnd, UNITS),
    producer,
    country,
    `${grape} de ${country}, safra ${vintage}.`,
    ean(n),
  ];
}

/** Lines (1-based, the header is line 1) of the sample's bad rows and why each fails. */
const BAD_ROWS = {
  17: { column: 4, value: 'abc', reason: "preço 'abc' não é um número" },
  33: { column: 1, value: '', reason: 'nome do produto vazio' },
  58: { column: 5, value: '-5', reason: "estoque '-5' é negativo" },
  91: { column: 4, value: 'consulte', reason: "preço 'consulte' não é um número" },
  120: { column: 2, value: '', reason: 'categoria vazia' },
  144: { column: 5, value: 'dez', reason: "estoque 'dez' não é um número inteiro" },
  201: { column: 4, value: '12,34,5', reason: "preço '12,34,5' não é um número" },
  250: { column: 1, value: '   ', reason: 'nome do produto vazio' },
};
/** Lines that repeat an earlier row's SKU for the same supplier: skipped when duplicates are skipped. */
const DUPLICATE_LINES = { 77: 40, 260: 12 };
const EMPTY_LINES = [100, 180];
const SAMPLE_LINES = 303;

/** What importing the sample with every option on must give. */
export const SAMPLE_EXPECTED = {
  totalRows: SAMPLE_LINES - 1 - EMPTY_LINES.length,
  errors: Object.keys(BAD_ROWS).length,
  skipped: Object.keys(DUPLICATE_LINES).length,
  success: SAMPLE_LINES - 1 - EMPTY_LINES.length - Object.keys(BAD_ROWS).length - Object.keys(DUPLICATE_LINES).length,
  badRows: Object.fromEntries(Object.entries(BAD_ROWS).map(([line, bad]) => [line, bad.reason])),
  suppliers: SUPPLIERS,
};

/** The sample as rows of cell values; null for an empty row. */
export function sampleRows() {
  const rnd = random(20_240_315);
  const rows = new Map();
  for (let line = 2; line <= SAMPLE_LINES; line++) {
    if (EMPTY_LINES.includes(line)) {
      rows.set(line, null);
      continue;
    }
    const row = productRow(rnd, line * 7);
    const bad = BAD_ROWS[line];
    if (bad) row[bad.column] = bad.value;
    rows.set(line, row);
  }
  for (const [line, original] of Object.entries(DUPLICATE_LINES)) {
    const row = rows.get(Number(line));
    const source = rows.get(original);
    row[0] = source[0];
    row[3] = source[3];
  }
  return [...rows.values()];
}

/** A sheet where codes are text, half the prices are text ("R$ 1.234,56") and half numbers formatted in reais. */
function toSheet(rows) {
  const aoa = [HEADERS, ...rows.map((row) => row ?? [])];
  const sheet = XLSX.utils.aoa_to_sheet(aoa);
  rows.forEach((row, i) => {
    if (!row) return;
    const r = i + 1;
    for (const c of [0, 10]) sheet[XLSX.utils.encode_cell({ r, c })] = { t: 's', v: String(row[c]) };
    const price = sheet[XLSX.utils.encode_cell({ r, c: 4 })];
    if (price?.t === 'n') {
      if (i % 2 === 0) Object.assign(price, { t: 's', v: brl(price.v) });
      else price.z = '"R$" #,##0.00';
    }
  });
  sheet['!cols'] = HEADERS.map((h) => ({ wch: Math.max(10, h.length + 2) }));
  return sheet;
}

function toCsv(rows) {
  const quote = (value) => {
    const text = typeof value === 'number' ? (Number.isInteger(value) ? String(value) : brl(value)) : String(value ?? '');
    return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [HEADERS, ...rows.map((row) => row ?? HEADERS.map(() => ''))].map((row) => row.map(quote).join(';'));
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1252');
}

export function writeSample(dir = FIXTURES_DIR) {
  mkdirSync(dir, { recursive: true });
  const rows = sampleRows();
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, toSheet(rows), 'Tabela de Preços');
  const base = path.join(dir, SAMPLE_NAME);
  writeFileSync(`${base}.xlsx`, XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }));
  writeFileSync(`${base}.xls`, XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }));
  writeFileSync(`${base}.csv`, toCsv(rows));
  return [`${base}.xlsx`, `${base}.xls`, `${base}.csv`];
}

/** An .xlsx of `count` valid rows with unique SKUs, for the benchmark. */
export function largeWorkbook(count) {
  const rnd = random(count);
  const rows = Array.from({ length: count }, (_, i) => productRow(rnd, i + 1));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, toSheet(rows), 'Produtos');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--large');
  if (at >= 0) {
    const count = Number(process.argv[at + 1] ?? 100_000);
    const file = process.argv[at + 2] ?? path.join(root, `tmp/produtos-${count}.xlsx`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, largeWorkbook(count));
    process.stdout.write(`${file}\n`);
  } else {
    for (const file of writeSample()) process.stdout.write(`${path.relative(root, file)}\n`);
  }
}
