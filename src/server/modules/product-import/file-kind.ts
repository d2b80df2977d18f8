import { fileTypeFromBuffer } from 'file-type';
import iconv from 'iconv-lite';
import { appError } from '../../core/app-error.js';
import { listZipEntries, Zip64Error, type ZipEntry } from './zip-entries.js';

/**
 * What an uploaded spreadsheet is, from its bytes (never its name), and the checks that refuse hostile files
 * before any parser sees them: a zip whose unpacked size or ratio is absurd, binaries that are not spreadsheets.
 */
export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Above these the file is treated as a zip bomb: no real price list unpacks to that much. */
export const MAX_UNPACKED_BYTES = 400 * 1024 * 1024;
export const MAX_RATIO = 200;
/** The ratio only matters once the unpacked size is big: tiny, very repetitive sheets compress well and are harmless. */
const RATIO_FLOOR_BYTES = 50 * 1024 * 1024;

export const UNSUPPORTED_FILE = 'Formato de arquivo não suportado. Envie uma planilha .xlsx, .xls ou .csv.';
export const ZIP_BOMB = 'O arquivo descompactado ficaria grande demais. Envie uma planilha comum (.xlsx, .xls ou .csv).';
export const CORRUPT_FILE = 'Não foi possível ler a planilha: o arquivo está corrompido ou incompleto.';

export async function detectKind(bytes: Buffer): Promise<SpreadsheetKind> {
  if (bytes.length === 0) throw appError('invalid_spreadsheet', 'O arquivo está vazio.');
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    checkZip(bytes);
    return 'xlsx';
  }
  // An .xls, or an encrypted (password-protected) .xlsx, which Office wraps in the same container: the parser tells.
  if (bytes.subarray(0, 8).equals(OLE_MAGIC)) return 'xls';
  // Excel's "Texto Unicode" (.txt or .csv): UTF-16 with a byte order mark, tab-separated. Judged as text once decoded.
  const utf16 = utf16Encoding(bytes);
  if (utf16) {
    if (!looksLikeText(Buffer.from(iconv.decode(bytes.subarray(0, 128 * 1024), utf16), 'utf8'))) {
      throw appError('unsupported_media_type', UNSUPPORTED_FILE);
    }
    return 'csv';
  }
  const known = await fileTypeFromBuffer(bytes.subarray(0, 64 * 1024));
  if (known) throw appError('unsupported_media_type', UNSUPPORTED_FILE);
  if (!looksLikeText(bytes)) throw appError('unsupported_media_type', UNSUPPORTED_FILE);
  return 'csv';
}

/** 'utf16le' or 'utf16be' when the bytes start with that byte order mark. */
export function utf16Encoding(bytes: Uint8Array): 'utf16le' | 'utf16be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf16be';
  return undefined;
}

/** No NUL bytes and few control characters in the first 64 KB: text, in UTF-8 or Windows-1252. */
function looksLikeText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 64 * 1024);
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) control++;
  }
  return control <= head.length / 100;
}

/**
 * Reads the zip's central directory (the entries' declared sizes) without unpacking anything: refuses an
 * archive that would unpack to more than MAX_UNPACKED_BYTES, or at a ratio above MAX_RATIO, and one that is
 * not a workbook at all. The parser's own inflater would otherwise find out by filling the memory.
 */
export function checkZip(bytes: Buffer): void {
  let entries: ZipEntry[];
  try {
    entries = listZipEntries(bytes);
  } catch (err) {
    // Zip64 sizes only appear above 4 GB: far beyond any sheet.
    if (err instanceof Zip64Error) throw appError('too_large', ZIP_BOMB);
    throw appError('invalid_spreadsheet', CORRUPT_FILE);
  }
  let unpacked = 0;
  let packed = 0;
  for (const entry of entries) {
    unpacked += entry.size;
    packed += entry.compressedSize;
  }
  if (unpacked > MAX_UNPACKED_BYTES || (unpacked > RATIO_FLOOR_BYTES && unpacked > packed * MAX_RATIO))
    throw appError('too_large', ZIP_BOMB);
  if (!entries.some((e) => e.name === 'xl/workbook.xml' || e.name === 'xl/workbook.bin'))
    throw appError('unsupported_media_type', UNSUPPORTED_FILE);
}
