import {
  DeleteObjectsCommand,
  GetObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createS3Client, type S3Settings } from '../storage/s3-client.js';
import type { BackupLocation } from './location.js';

/** A backup location in a bucket: s3://bucket/prefix. */
export function s3Location(bucket: string, prefix: string, settings: Omit<S3Settings, 'bucket'> | undefined): BackupLocation {
  const client = settings ? createS3Client({ ...settings, bucket }) : new S3Client({});
  return under(client, bucket, prefix);
}

function under(client: S3Client, bucket: string, prefix: string): BackupLocation {
  const keyOf = (file: string) => (prefix ? `${prefix}/${file}` : file);
  const listed = async function* (within: string, delimiter?: string) {
    for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: within, Delimiter: delimiter })) yield page;
  };
  return {
    description: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
    async write(file, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(file), Body: bytes }));
    },
    async read(file) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(file) }));
        return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      } catch (err) {
        if (err instanceof S3ServiceException && err.name === 'NoSuchKey') return undefined;
        throw err;
      }
    },
    async folders() {
      const within = keyOf('');
      const names: string[] = [];
      for await (const page of listed(within, '/'))
        for (const common of page.CommonPrefixes ?? []) names.push((common.Prefix ?? '').slice(within.length).replace(/\/$/, ''));
      return names.filter(Boolean);
    },
    async removeFolder(folder) {
      for await (const page of listed(`${keyOf(folder)}/`)) {
        const keys = (page.Contents ?? []).map((object) => ({ Key: object.Key as string }));
        if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
      }
    },
    child: (folder) => ({ ...under(client, bucket, keyOf(folder)), close: async () => undefined }),
    async close() {
      client.destroy();
    },
  };
}
