import { executeImport, type ProcessClient } from './http-client.js';
import { SAMPLE_MAPPING } from './import-files.js';

/** Starts the import of an uploaded sample sheet as the wizard does, new categories and suppliers allowed. */
export const executeSampleImport = (client: ProcessClient, importId: string) => executeImport(client, importId, SAMPLE_MAPPING);
