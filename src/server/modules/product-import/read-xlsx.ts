import { SaxesParser } from 'saxes';
import { booleanText, builtInFormat, numberText } from './cell-text.js';
import type { Between, ParseOutcome, SheetAssembler } from './sheet-assembler.js';
import { listZipEntries, readZipEntry, type ZipEntry } from './zip-entries.js';

/**
 * Reads an .xlsx as a stream: the workbook's parts are unpacked chunk by chunk into an XML parser, and each line of the
 * first sheet with text becomes an array of strings as soon as it is read. Memory holds the shared strings and the
 * rows' text, never the unpacked XML or a cell object per cell (SheetJS holds all of them (figures: decision 0075)). A sheet beyond the row limit stops being read at the first row too many.
 */
type Attributes = Record<string, string>;

interface XmlHandlers {
  open?(name: string, attributes: Attributes): void;
  text?(text: string): void;
  close?(name: string): void;
}

/** Elements come with or without a namespace prefix ("x:row" from some generators): their local name counts. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function attribute(attributes: Attributes, name: string): string | undefined {
  const direct = attributes[name];
  if (direct !== undefined) return direct;
  for (const key in attributes) if (localName(key) === name) return attributes[key];
  return undefined;
}

/** Excel writes characters XML cannot hold as "_x000D_". */
const unescapeExcel = (text: string) =>
  text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))) : text;

/** Feeds one zip entry's XML to the handlers; `stop` ends the reading early (the rest is never unpacked). */
async function parseXml(bytes: Buffer, entry: ZipEntry, handlers: XmlHandlers, stop?: () => boolean, between?: Between): Promise<void> {
  const parser = new SaxesParser({ position: false });
  let failure: Error | undefined;
  parser.on('error', (err) => {
    failure ??= err;
  });
  parser.on('opentag', (tag) => handlers.open?.(localName(tag.name), tag.attributes as Attributes));
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  parser.on('closetag', (tag) => handlers.close?.(localName(tag.name)));
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of readZipEntry(bytes, entry)) {
    parser.write(decoder.decode(chunk, { stream: true }));
    if (failure) throw failure;
    if (stop?.()) return;
    const waiting = between?.();
    if (waiting) await waiting;
  }
  parser.write(decoder.decode());
  parser.close();
  if (failure) throw failure;
}

interface Workbook {
  /** The sheets' part names, in the workbook's order. */
  sheets: string[];
  date1904: boolean;
}

async function readWorkbook(bytes: Buffer, entries: Map<string, ZipEntry>): Promise<Workbook> {
  const workbook = entries.get('xl/workbook.xml');
  const relations = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook) throw new Error('no xl/workbook.xml');
  const ids: string[] = [];
  let date1904 = false;
  await parseXml(bytes, workbook, {
    open(name, attributes) {
      if (name === 'sheet') ids.push(attribute(attributes, 'id') ?? '');
      else if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attribute(attributes, 'date1904') ?? '');
    },
  });
  const targets = new Map<string, string>();
  if (relations) {
    await parseXml(bytes, relations, {
      open(name, attributes) {
        const id = attribute(attributes, 'Id');
        const target = attribute(attributes, 'Target');
        if (name === 'Relationship' && id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
      },
    });
  }
  const sheets = ids.map((id) => targets.get(id)).filter((part): part is string => part !== undefined && entries.has(part));
  return { sheets: sheets.length > 0 ? sheets : ['xl/worksheets/sheet1.xml'], date1904 };
}

/** The number format code of each cell style (the cell's `s`): what tells a date or a zero-padded code. */
async function readStyles(bytes: Buffer, entry: ZipEntry | undefined): Promise<string[]> {
  if (!entry) return [];
  const custom = new Map<number, string>();
  const styleFormats: number[] = [];
  let inCellXfs = false;
  await parseXml(bytes, entry, {
    open(name, attributes) {
      if (name === 'numFmt') custom.set(Number(attribute(attributes, 'numFmtId')), attribute(attributes, 'formatCode') ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) styleFormats.push(Number(attribute(attributes, 'numFmtId') ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return styleFormats.map((id) => custom.get(id) ?? builtInFormat(id) ?? 'General');
}

/** The shared strings' text: rich runs joined, phonetic hints (rPh) left out, as Excel shows them. */
async function readSharedStrings(bytes: Buffer, entry: ZipEntry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current = '';
  let inText = false;
  let phonetic = 0;
  await parseXml(bytes, entry, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 't') inText = true;
      else if (name === 'rPh') phonetic++;
    },
    text(text) {
      if (inText && phonetic === 0) current += text;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') strings.push(unescapeExcel(current));
    },
  });
  return strings;
}

/** "AB12" -> 27 (zero-based column). */
function columnOf(reference: string): number {
  let column = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

interface SheetContext {
  strings: string[];
  formats: string[];
  date1904: boolean;
}

function cellText(type: string, value: string, inline: string, style: number, context: SheetContext): string {
  switch (type) {
    case 's':
      return (context.strings[Number(value)] ?? '').trim();
    case 'inlineStr':
      return unescapeExcel(inline).trim();
    case 'str':
      return unescapeExcel(value).trim();
    case 'e':
      return value.trim();
    case 'b':
      return value === '' ? '' : booleanText(value === '1' || value === 'true');
    case 'd': {
      const date = ISO_DATE.exec(value);
      return date ? `${date[3]}/${date[2]}/${date[1]}` : value.trim();
    }
    default:
      return value.trim() === '' ? '' : numberText(Number(value), context.formats[style] ?? 'General', context.date1904);
  }
}

/** Reads one sheet into the assembler, line by line; stops at the row limit. */
async function readSheet(
  bytes: Buffer,
  entry: ZipEntry,
  context: SheetContext,
  assembler: SheetAssembler,
  between?: Between,
): Promise<void> {
  let line = 0;
  let cells: string[] = [];
  let column = 0;
  let type = 'n';
  let style = 0;
  let value = '';
  let inline = '';
  let inValue = false;
  let inInline = false;
  let phonetic = 0;
  let full = false;
  await parseXml(
    bytes,
    entry,
    {
      open(name, attributes) {
        switch (name) {
          case 'row': {
            const number = Number(attributes.r);
            line = Number.isInteger(number) && number > 0 ? number : line + 1;
            cells = [];
            column = 0;
            break;
          }
          case 'c': {
            const reference = attributes.r;
            if (reference) column = columnOf(reference);
            type = attributes.t ?? 'n';
            style = Number(attributes.s ?? 0);
            value = '';
            inline = '';
            break;
          }
          case 'v':
            inValue = true;
            break;
          case 't':
            inInline = true;
            break;
          case 'rPh':
            phonetic++;
            break;
        }
      },
      text(text) {
        if (inValue) value += text;
        else if (inInline && phonetic === 0) inline += text;
      },
      close(name) {
        switch (name) {
          case 'v':
            inValue = false;
            break;
          case 't':
            inInline = false;
            break;
          case 'rPh':
            phonetic--;
            break;
          case 'c':
            if (column >= 0) cells[column] = cellText(type, value, inline, style, context);
            column++;
            break;
          case 'row':
            if (!assembler.addLine(line, cells)) full = true;
            break;
        }
      },
    },
    () => full,
    between,
  );
}

export async function readXlsx(bytes: Buffer, assembler: SheetAssembler, between?: Between): Promise<ParseOutcome> {
  try {
    const entries = new Map(listZipEntries(bytes).map((entry) => [entry.name, entry]));
    const { sheets, date1904 } = await readWorkbook(bytes, entries);
    const formats = await readStyles(bytes, entries.get('xl/styles.xml'));
    const strings = await readSharedStrings(bytes, entries.get('xl/sharedStrings.xml'));
    for (const part of sheets) {
      const entry = entries.get(part);
      if (!entry) throw new Error(`no ${part}`);
      await readSheet(bytes, entry, { strings, formats, date1904 }, assembler, between);
      // The first sheet with a line of text is the one imported, as SheetJS read it.
      if (assembler.hasHeader) break;
    }
  } catch {
    return { ok: false, reason: 'corrupt' };
  }
  return assembler.result();
}
