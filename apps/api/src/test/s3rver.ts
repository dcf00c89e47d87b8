import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types; only its constructor, run() and close() are used.
import S3rver from 's3rver';
import type { S3Settings } from '../config';

export type TestS3 = {
  /** Settings of a client of this server's `bucket` (no prefix: set one per use). */
  settings: S3Settings;
  /** The folder s3rver keeps its objects (and the parts of unfinished uploads) in. */
  directory: string;
  /** Stops answering (the store "goes down"); its folder stays for a restart on the same port. */
  stop: () => Promise<void>;
  /** Stops and removes the folder. */
  close: () => Promise<void>;
};

/** s3rver's fixed credentials (it checks the signatures). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A real S3 API on loopback (s3rver, objects in a temporary folder), on a free port, with one bucket. */
export async function startS3rver(
  bucket = 'origem-test',
  reuse: { directory?: string; port?: number } = {},
): Promise<TestS3> {
  const directory = reuse.directory ?? mkdtempSync(path.join(tmpdir(), 'origem-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: reuse.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    await server.close();
  };
  return {
    directory,
    settings: {
      bucket,
      prefix: '',
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      ...S3RVER_CREDENTIALS,
      forcePathStyle: true,
    },
    stop,
    close: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
