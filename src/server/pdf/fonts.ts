/**
 * Fonts embedded in the PDFs we generate. They come from npm packages (Fontsource's Latin subsets, which carry
 * every pt-BR letter: ã, ç, é, ô…), never from the machine: a fresh server or CI runner has no fonts to offer.
 * The same families as the public page (Lora for headings, Source Sans 3 for text).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The package's `files/` folder; its exports map only names CSS files, so go through the index stylesheet. */
const filesOf = (pkg: string) => join(dirname(require.resolve(pkg)), 'files');

export interface PdfFonts {
  serif: Buffer;
  serifItalic: Buffer;
  sans: Buffer;
  sansBold: Buffer;
}

let loaded: PdfFonts | undefined;

export function pdfFonts(): PdfFonts {
  if (!loaded) {
    const lora = filesOf('@fontsource/lora');
    const sans = filesOf('@fontsource/source-sans-3');
    loaded = {
      serif: readFileSync(join(lora, 'lora-latin-600-normal.woff')),
      serifItalic: readFileSync(join(lora, 'lora-latin-400-italic.woff')),
      sans: readFileSync(join(sans, 'source-sans-3-latin-400-normal.woff')),
      sansBold: readFileSync(join(sans, 'source-sans-3-latin-600-normal.woff')),
    };
  }
  return loaded;
}
