import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { appError } from '../core/app-error.js';

export interface S3Settings {
  bucket: string;
  /** Absent: AWS S3 itself, by region. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (http://host/bucket/key), as MinIO and most self-hosted servers want, not in the host name. */
  forcePathStyle: boolean;
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A server that does not answer must not hold a request (and its upload) for minutes.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
}

/** An object that is not there. A missing bucket (NoSuchBucket, also a 404) is a broken set-up, not a missing file. */
export function isMissingObject(err: unknown): boolean {
  return err instanceof S3ServiceException && err.name === 'NoSuchKey';
}

/**
 * Runs one call to the bucket. Any failure (the server down or unreachable, a 5xx, refused credentials, a missing
 * bucket) becomes a 503 with a pt-BR detail: the request may be tried again, and the cause stays in the log.
 */
export async function callBucket<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (cause) {
    throw Object.assign(appError('storage_unavailable'), { cause });
  }
}
