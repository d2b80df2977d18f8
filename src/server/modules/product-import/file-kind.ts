import { fileTypeFromBuffer } from 'file-type';
import { appError } from '../../core/app-error.js';

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
  const known = await fileTypeFromBuffer(bytes.subarray(0, 64 * 1024));
  if (known) throw appError('unsupported_media_type', UNSUPPORTED_FILE);
  if (!looksLikeText(bytes)) throw appError('unsupported_media_type', UNSUPPORTED_FILE);
  return 'csv';
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
  const end = findEndOfCentralDirectory(bytes);
  if (end < 0) throw appError('invalid_spreadsheet', CORRUPT_FILE);
  const entries = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (directoryOffset === 0xffffffff || entries === 0xffff) throw appError('too_large', ZIP_BOMB);
  let offset = directoryOffset;
  let unpacked = 0;
  let packed = 0;
  let workbook = false;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) throw appError('invalid_spreadsheet', CORRUPT_FILE);
    const compressed = bytes.readUInt32LE(offset + 20);
    const size = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const name = bytes.toString('latin1', offset + 46, offset + 46 + nameLength);
    // Zip64 sizes (0xffffffff) only appear above 4 GB: far beyond any sheet.
    if (size === 0xffffffff || compressed === 0xffffffff) throw appError('too_large', ZIP_BOMB);
    unpacked += size;
    packed += compressed;
    if (name === 'xl/workbook.xml' || name === 'xl/workbook.bin') workbook = true;
    offset += 46 + nameLength + extraLength + commentLength;
  }
  if (unpacked > MAX_UNPACKED_BYTES || (unpacked > RATIO_FLOOR_BYTES && unpacked > packed * MAX_RATIO))
    throw appError('too_large', ZIP_BOMB);
  if (!workbook) throw appError('unsupported_media_type', UNSUPPORTED_FILE);
}

function findEndOfCentralDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535.
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  for (let i = bytes.length - 22; i >= stop; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) return i;
  }
  return -1;
}
