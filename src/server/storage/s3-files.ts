import {
  type _Object,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  type S3Client,
} from '@aws-sdk/client-s3';
import { checkedPrivateKey, isPrivateKey, type PrivateFiles } from './private-files.js';
import {
  contentTypeOf,
  isPublicFileName,
  newPublicFileName,
  type PublicFile,
  type PublicFiles,
  publicFileName,
  UPLOADS_URL_PREFIX,
} from './public-files.js';
import { callBucket, isMissingObject } from './s3-client.js';

/** Object keys in the bucket: public images under uploads/, private files under private/ (as in DATA_DIR). */
const PUBLIC_PREFIX = 'uploads/';
const PRIVATE_PREFIX = 'private/';

/** Public images in the bucket. The bucket itself stays private: the app serves them under /uploads (decision 0032). */
export function s3PublicFiles(client: S3Client, bucket: string): PublicFiles {
  const write = async (url: string, bytes: Buffer) => {
    const name = publicFileName(url);
    await callBucket(() =>
      client.send(new PutObjectCommand({ Bucket: bucket, Key: `${PUBLIC_PREFIX}${name}`, Body: bytes, ContentType: contentTypeOf(name) })),
    );
  };
  return {
    async save(bytes, extension) {
      const url = `${UPLOADS_URL_PREFIX}${newPublicFileName(extension)}`;
      await write(url, bytes);
      return url;
    },
    write,
    async read(url) {
      const name = publicFileName(url);
      const object = await getObject(client, bucket, `${PUBLIC_PREFIX}${name}`);
      if (!object) return undefined;
      return {
        bytes: object.bytes,
        contentType: object.contentType ?? contentTypeOf(name),
        etag: object.etag ?? `"${object.bytes.length}"`,
        modifiedAt: object.modifiedAt ?? new Date(0),
      };
    },
    async list() {
      const files: PublicFile[] = [];
      for (const object of await listObjects(client, bucket, PUBLIC_PREFIX)) {
        const name = object.Key?.slice(PUBLIC_PREFIX.length) ?? '';
        if (isPublicFileName(name) && object.LastModified)
          files.push({ url: `${UPLOADS_URL_PREFIX}${name}`, modifiedAt: object.LastModified });
      }
      return files;
    },
    async delete(url) {
      const key = `${PUBLIC_PREFIX}${publicFileName(url)}`;
      // S3 answers a delete of a missing key with success too.
      await callBucket(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));
    },
  };
}

/** Private files in the bucket, under the same keys as on disk. A put is atomic: readers never see half an object. */
export function s3PrivateFiles(client: S3Client, bucket: string): PrivateFiles {
  const keyOf = (key: string) => `${PRIVATE_PREFIX}${checkedPrivateKey(key)}`;
  return {
    async put(key, bytes) {
      const objectKey = keyOf(key);
      await callBucket(() =>
        client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey, Body: bytes, ContentType: 'application/octet-stream' })),
      );
    },
    async read(key) {
      return (await getObject(client, bucket, keyOf(key)))?.bytes;
    },
    async delete(key) {
      const objectKey = keyOf(key);
      await callBucket(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey })));
    },
    async list() {
      return (await listKeys(client, bucket, PRIVATE_PREFIX)).filter(isPrivateKey);
    },
  };
}

/** Every object under the prefix, page after page. */
async function listObjects(client: S3Client, bucket: string, prefix: string): Promise<_Object[]> {
  const objects: _Object[] = [];
  await callBucket(async () => {
    for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) objects.push(...(page.Contents ?? []));
  });
  return objects;
}

async function listKeys(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  return (await listObjects(client, bucket, prefix)).map((object) => (object.Key ?? '').slice(prefix.length));
}

async function getObject(client: S3Client, bucket: string, key: string) {
  return callBucket(async () => {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      return { bytes, contentType: object.ContentType, etag: object.ETag, modifiedAt: object.LastModified };
    } catch (err) {
      if (isMissingObject(err)) return undefined;
      throw err;
    }
  });
}
