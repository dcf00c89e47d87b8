import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config';
import type { FileStorage } from './storage';
import { STORAGE_KEY } from './storage';
import { BlobMissingError, StorageUnavailableError } from './storage-errors';

/**
 * The smallest part S3 accepts, and the most of an upload held in memory: one part is read, sent, then the next
 * (queueSize 1), so a 20 MB CSV never sits whole in memory.
 */
export const S3_PART_BYTES = 5 * 1024 * 1024;

/** The S3 client for these settings (also used by `storage:migrate` and the tests' bucket setup). */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Unset: the SDK's own chain (AWS_* variables, the instance's role).
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // The SDK's default CRC checksums (aws-chunked bodies) are not understood by every S3-compatible store (older
    // MinIO, Ceph RGW, Garage, s3rver); the server keeps its own SHA-256 of every file anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A store that hangs must become a 503 in seconds, not a request that never ends.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
  });
}

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

/** Any failure of the store itself (network, 5xx, credentials) is a 503; the driver's error stays as the cause. */
const unavailable = (err: unknown) =>
  err instanceof StorageUnavailableError || err instanceof BlobMissingError
    ? err
    : new StorageUnavailableError(err);

const guarded = <T>(work: Promise<T>): Promise<T> =>
  work.catch((err: unknown) => {
    throw unavailable(err);
  });

/**
 * Blobs in a bucket, under `prefix` (`s3://bucket/prefix`). An object appears only when its upload completes
 * (PutObject, or CompleteMultipartUpload for files over one part), so a crash mid-upload leaves at most an
 * unfinished multipart upload, which `listTemporary` finds and the bucket's lifecycle rule would abort anyway.
 */
export function s3Storage(settings: S3Settings, client: S3Client = s3Client(settings)): FileStorage {
  const Bucket = settings.bucket;
  const prefix = settings.prefix;
  const objectKey = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return `${prefix}${key}`;
  };

  return {
    driver: 's3',
    async write(key, source, ...through) {
      const body = new PassThrough();
      // Whichever side fails first says why: the source or a transform (a refusal, a cut-off upload) is the
      // caller's error as it is; the store failing is a 503. The other side is then stopped. A failing source
      // destroys `body` with its error, and this listener (the first on `body`) hears it before the upload's
      // promise rejects with it — on Node 24 that rejection comes before the pipeline's own.
      let first: { from: 'source' | 'store'; err: unknown } | undefined;
      body.on('error', (err) => {
        first ??= { from: 'source', err };
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: body },
        partSize: S3_PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      const piping = pipeline([source, ...through, body]).catch((err: unknown) => {
        first ??= { from: 'source', err };
        void upload.abort();
      });
      const storing = upload.done().catch((err: unknown) => {
        first ??= { from: 'store', err };
        body.destroy();
        source.destroy();
      });
      await Promise.all([piping, storing]);
      if (first?.from === 'source') throw first.err;
      if (first) throw unavailable(first.err);
    },
    async read(key) {
      const Key = objectKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
        return answer.Body as Readable;
      } catch (err) {
        if (notFound(err)) throw new BlobMissingError(key);
        throw unavailable(err);
      }
    },
    async remove(key) {
      await guarded(client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) })));
    },
    async exists(key) {
      const Key = objectKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw unavailable(err);
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await guarded(
          client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken })),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length) ?? '';
          // Only our blobs: other objects in a shared bucket (or under a deeper prefix) are not ours to sweep.
          if (STORAGE_KEY.test(key)) yield { key, modifiedAt: object.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async *listTemporary() {
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        let page: ListMultipartUploadsCommandOutput;
        try {
          page = await client.send(
            new ListMultipartUploadsCommand({ Bucket, Prefix: prefix, KeyMarker, UploadIdMarker }),
          );
        } catch (err) {
          // Some S3-compatible stores cannot list uploads: their lifecycle rule is then the only cleanup (README).
          if (err instanceof S3ServiceException && err.name === 'NotImplemented') return;
          throw unavailable(err);
        }
        for (const pending of page.Uploads ?? []) {
          const Key = pending.Key ?? '';
          const UploadId = pending.UploadId;
          if (!STORAGE_KEY.test(Key.slice(prefix.length)) || !UploadId) continue;
          yield {
            key: Key.slice(prefix.length),
            modifiedAt: pending.Initiated ?? new Date(),
            remove: async () => {
              await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
            },
          };
        }
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker);
    },
    async ping() {
      await guarded(client.send(new HeadBucketCommand({ Bucket })));
    },
  };
}
