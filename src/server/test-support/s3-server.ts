import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../storage/storage.js';

export interface TestS3Server {
  /** What S3_* would say to reach it. */
  settings: S3Settings;
  /** Objects in the bucket, key by key (uploads/..., private/...). */
  directory: string;
  /** Takes the server away (every open connection too), as an outage would. */
  stop(): Promise<void>;
  /** Serves the same bucket again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const BUCKET = 'adega-teste';

/** A real S3-protocol server (s3rver) on a free port, with one empty bucket, its objects in a temporary folder. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'adega-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    if (server) return;
    server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: BUCKET }] });
    port = (await server.run()).port;
  };
  const stop = async () => {
    if (!server) return;
    const closed = server.close();
    server.httpServer.closeAllConnections();
    await closed;
    server = undefined;
  };
  await start();
  return {
    settings: {
      bucket: BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    directory,
    stop,
    start,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
