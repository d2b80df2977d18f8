import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { pgliteExtensions, pgliteStartParams } from '../db/client.js';
import { executeImport, type ProcessClient } from './http-client.js';
import { SAMPLE_MAPPING } from './import-files.js';

/** A migrated embedded database in `dir`, as a restaurant has it after its first start (loaded from the template). */
export function pgliteFromTemplate(dir: string): Promise<PGlite> {
  return PGlite.create(dir, {
    loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    extensions: pgliteExtensions(),
    startParams: pgliteStartParams(),
  });
}

/** Starts the import of an uploaded sample sheet as the wizard does, new categories and suppliers allowed. */
export const executeSampleImport = (client: ProcessClient, importId: string) => executeImport(client, importId, SAMPLE_MAPPING);
