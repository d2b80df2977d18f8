import { createInflateRaw } from 'node:zlib';

/**
 * The entries of a zip (an .xlsx) from its central directory, and each entry's bytes as a stream of inflated chunks:
 * a 100 MB sheet is read a few kilobytes at a time instead of unpacked whole.
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts. */
  headerOffset: number;
}

export class ZipFormatError extends Error {}
/** The directory declares Zip64 sizes or counts: only archives above 4 GB need them, never a spreadsheet. */
export class Zip64Error extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export function listZipEntries(bytes: Buffer): ZipEntry[] {
  const end = findEndOfCentralDirectory(bytes);
  if (end < 0) throw new ZipFormatError('no end of central directory');
  const count = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (directoryOffset === 0xffffffff || count === 0xffff) throw new Zip64Error();
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY) throw new ZipFormatError('bad directory entry');
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const size = bytes.readUInt32LE(offset + 24);
    if (size === 0xffffffff || compressedSize === 0xffffffff) throw new Zip64Error();
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    entries.push({
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
      method: bytes.readUInt16LE(offset + 10),
      compressedSize,
      size,
      headerOffset: bytes.readUInt32LE(offset + 42),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry's unpacked bytes, chunk by chunk. Stops unpacking when the reader stops early. */
export async function* readZipEntry(bytes: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const at = entry.headerOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) throw new ZipFormatError('bad local header');
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new ZipFormatError('truncated entry');
  if (entry.method === STORED) {
    yield data;
    return;
  }
  if (entry.method !== DEFLATED) throw new ZipFormatError(`compression method ${entry.method}`);
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
  inflater.end(data);
  let unpacked = 0;
  try {
    for await (const chunk of inflater) {
      unpacked += (chunk as Buffer).length;
      // The directory's sizes passed the zip-bomb check: an entry that unpacks to more lied about its size.
      if (unpacked > entry.size) throw new ZipFormatError('entry larger than declared');
      yield chunk as Buffer;
    }
  } finally {
    inflater.destroy();
  }
}

function findEndOfCentralDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535.
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  for (let i = bytes.length - 22; i >= stop; i--) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) return i;
  }
  return -1;
}
