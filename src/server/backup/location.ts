import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ignoreMissing } from '../storage/missing-file.js';
import type { S3Settings } from '../storage/storage.js';

/**
 * Where backups are written and read from: a folder, or a prefix in an S3 bucket (s3://bucket/prefix). Paths are
 * relative and use `/`. A backup is a sub-folder holding a manifest.json (written last).
 */
export interface BackupLocation {
  /** The place as the operator wrote it (a folder's absolute path, or s3://bucket/prefix). */
  readonly description: string;
  write(file: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when there is no such file. */
  read(file: string): Promise<Buffer | undefined>;
  /** The names of the sub-folders directly under the location. */
  folders(): Promise<string[]>;
  /** Removes a sub-folder and everything in it. */
  removeFolder(folder: string): Promise<void>;
  /** The same kind of location, one folder down. */
  child(folder: string): BackupLocation;
  close(): Promise<void>;
}

const S3_URL = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/;

export const isS3Location = (spec: string) => spec.startsWith('s3://');

/**
 * Opens `--to`/`FROM`: s3://bucket/prefix reaches the bucket with the S3_* settings of the app when it has them
 * (another bucket on the same server), or the AWS SDK's own credentials (AWS_* variables, ~/.aws) otherwise.
 */
export async function openLocation(spec: string, s3: Omit<S3Settings, 'bucket'> | undefined): Promise<BackupLocation> {
  if (!isS3Location(spec)) return folderLocation(path.resolve(spec));
  const match = S3_URL.exec(spec);
  if (!match) throw new Error(`Destino S3 inválido: ${spec} (use s3://bucket/prefixo)`);
  const { s3Location } = await import('./s3-location.js');
  return s3Location(match[1] as string, (match[2] ?? '').replace(/\/+$/, ''), s3);
}

function folderLocation(root: string): BackupLocation {
  const fileOf = (file: string) => path.join(root, ...file.split('/'));
  return {
    description: root,
    async write(file, bytes) {
      const target = fileOf(file);
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed: a file is there whole or not at all (manifest.json last marks a finished backup).
      const temporary = `${target}.partial`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    read: (file) => readFile(fileOf(file)).catch(ignoreMissing(undefined)),
    async folders() {
      const entries = await readdir(root, { withFileTypes: true }).catch(ignoreMissing([]));
      return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    },
    removeFolder: (folder) => rm(fileOf(folder), { recursive: true, force: true }),
    child: (folder) => folderLocation(fileOf(folder)),
    async close() {},
  };
}
