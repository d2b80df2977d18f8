import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PDFTOTEXT = '/usr/bin/pdftotext';

/**
 * Debian's poppler-utils (pdftotext, pdftoppm) read our PDFs back as a reader would. Missing and running as root
 * (a fresh CI machine): installs it with apt-get, like the browser tests do for Chromium; otherwise says how.
 */
function ensurePoppler(): void {
  if (existsSync(PDFTOTEXT)) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    const install = 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils';
    execSync(`${install} || (apt-get update -qq && ${install})`, { stdio: 'inherit' });
  }
  if (!existsSync(PDFTOTEXT)) throw new Error('pdftotext não encontrado: instale o poppler-utils (`sudo apt-get install poppler-utils`).');
}

function withFile<T>(pdf: Buffer, use: (file: string, dir: string) => T): T {
  ensurePoppler();
  const dir = mkdtempSync(path.join(tmpdir(), 'adega-pdf-'));
  try {
    const file = path.join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    return use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The text of a PDF in reading order, with non-breaking spaces as plain spaces; with `layout`, line by line as
 * printed (what sits beside what: a price and the word under it).
 */
export function pdfText(pdf: Buffer, { layout = false } = {}): string {
  const args = ['-enc', 'UTF-8', ...(layout ? ['-layout'] : []), 'in.pdf', '-'];
  return withFile(pdf, (file) =>
    execFileSync(
      PDFTOTEXT,
      args.map((a) => (a === 'in.pdf' ? file : a)),
      { encoding: 'utf8' },
    ),
  ).replace(/\u00a0/g, ' ');
}

/** Number of pages, from pdfinfo. */
export function pdfPageCount(pdf: Buffer): number {
  const info = withFile(pdf, (file) => execFileSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' }));
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

/** One page rendered as a PNG (pdftoppm), e.g. to decode the QR codes printed on it. */
export function pdfPagePng(pdf: Buffer, page = 1, dpi = 100): Buffer {
  return withFile(pdf, (file, dir) => {
    const out = path.join(dir, 'page');
    execFileSync('/usr/bin/pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, out]);
    return readFileSync(`${out}.png`);
  });
}
