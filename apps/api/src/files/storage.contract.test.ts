import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type TestS3 } from '../test/s3rver';
import { S3_PART_BYTES, s3Storage } from './s3-storage';
import { type FileStorage, localStorage, newStorageKey } from './storage';
import { BlobMissingError, StorageUnavailableError } from './storage-errors';

/**
 * The FileStorage contract, run against both drivers: the local folder and an S3 bucket (s3rver, a real S3 API
 * on loopback that this file starts on a free port). `bytesOnDisk` is what the store has physically received so
 * far (temporary files and multipart parts included): it shows a write streaming rather than buffering.
 */
type Driver = { storage: FileStorage; bytesOnDisk: () => number; close: () => Promise<void> };

function bytesUnder(dir: string): number {
  let total = 0;
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name);
      const info = statSync(full, { throwIfNoEntry: false });
      if (info?.isDirectory()) walk(full);
      else if (info) total += info.size;
    }
  };
  try {
    walk(dir);
  } catch {
    // A folder removed while walking (a temporary file renamed into place): counted on the next look.
  }
  return total;
}

const drivers: Record<string, () => Promise<Driver>> = {
  local: async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'origem-contract-'));
    return {
      storage: localStorage(root),
      bytesOnDisk: () => bytesUnder(root),
      close: async () => rmSync(root, { recursive: true, force: true }),
    };
  },
  s3: async () => {
    const s3 = await startS3rver();
    return {
      storage: s3Storage({ ...s3.settings, prefix: 'origem/files/' }),
      bytesOnDisk: () => bytesUnder(s3.directory),
      close: s3.close,
    };
  },
};

async function readAll(storage: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keys(storage: FileStorage): Promise<string[]> {
  const found: string[] = [];
  for await (const blob of storage.list()) found.push(blob.key);
  return found;
}

async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`esperou demais: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

describe.each(Object.keys(drivers))('FileStorage contract: %s', (name) => {
  let driver: Driver;
  let storage: FileStorage;
  beforeAll(async () => {
    driver = await (drivers[name] as () => Promise<Driver>)();
    storage = driver.storage;
  });
  afterAll(() => driver.close());

  it('writes through the transforms, then reads, lists, checks and removes the blob', async () => {
    const key = newStorageKey();
    const upper = new Transform({
      transform: (chunk: Buffer, _encoding, callback) =>
        callback(null, Buffer.from(chunk.toString().toUpperCase())),
    });
    expect(await storage.exists(key)).toBe(false);
    await storage.write(key, Readable.from([Buffer.from('certificado '), Buffer.from('de origem')]), upper);
    expect(await storage.exists(key)).toBe(true);
    expect((await readAll(storage, key)).toString()).toBe('CERTIFICADO DE ORIGEM');

    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const blob of storage.list()) listed.push(blob);
    const mine = listed.find((blob) => blob.key === key);
    expect(mine, 'the blob is listed for the sweep').toBeDefined();
    expect(Math.abs((mine?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await keys(storage)).not.toContain(key);
    await storage.remove(key); // removing what is gone is not an error (a sweep racing a replacement)
    await expect(storage.read(key)).rejects.toBeInstanceOf(BlobMissingError);
    await storage.ping();
  });

  it('streams a 10 MB write: the store holds bytes long before the source ends, and reads them back exactly', async () => {
    const key = newStorageKey();
    const total = 10 * MB;
    const hash = createHash('sha256');
    let produced = 0;
    let storedWhenHalfway = 0;
    async function* source() {
      while (produced < total) {
        const chunk = randomBytes(CHUNK);
        hash.update(chunk);
        produced += chunk.length;
        yield chunk;
        // Past one part, the source waits until the store shows bytes: a driver that held the whole upload in
        // memory before sending it would never get there (and fail here after the timeout).
        if (produced === S3_PART_BYTES + 2 * MB) {
          await until(() => driver.bytesOnDisk() >= 4 * MB, 'bytes no armazenamento durante o envio');
          storedWhenHalfway = driver.bytesOnDisk();
        }
      }
    }
    await storage.write(key, Readable.from(source()));
    expect(storedWhenHalfway).toBeGreaterThanOrEqual(4 * MB);
    expect(await keys(storage)).toContain(key);

    // Read back as a stream: the first chunk arrives on its own, and the whole matches byte for byte.
    const reading = await storage.read(key);
    const back = createHash('sha256');
    let size = 0;
    let firstChunk = 0;
    for await (const chunk of reading) {
      if (firstChunk === 0) firstChunk = (chunk as Buffer).length;
      back.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    expect(size).toBe(total);
    expect(firstChunk).toBeLessThan(total);
    expect(back.digest('hex')).toBe(hash.digest('hex'));
    await storage.remove(key);
  });

  it('a write whose source dies midway (past one part) leaves no blob', async () => {
    const key = newStorageKey();
    const source = new PassThrough();
    const writing = storage.write(key, source);
    for (let sent = 0; sent < S3_PART_BYTES + MB; sent += CHUNK) {
      if (!source.write(randomBytes(CHUNK))) await new Promise((resolve) => source.once('drain', resolve));
    }
    expect(await storage.exists(key)).toBe(false);
    source.destroy(new Error('conexão interrompida'));
    await expect(writing).rejects.toThrow('conexão interrompida');
    expect(await storage.exists(key)).toBe(false);
    expect(await keys(storage)).not.toContain(key);
  });

  it('a transform refusing at the end (a refused file) fails with its own error and leaves no blob', async () => {
    const key = newStorageKey();
    const refuse = new Transform({
      transform: (chunk, _encoding, callback) => callback(null, chunk),
      flush: (callback) => callback(new Error('Tipo de arquivo não aceito.')),
    });
    const writing = storage.write(key, Readable.from([Buffer.from('MZ executável')]), refuse);
    await expect(writing).rejects.toThrow('Tipo de arquivo não aceito.');
    await expect(writing).rejects.not.toBeInstanceOf(StorageUnavailableError);
    expect(await storage.exists(key)).toBe(false);
    expect(await keys(storage)).not.toContain(key);
  });

  it('refuses keys that are not server-made random hex, before touching the store', async () => {
    for (const bad of ['../../etc/passwd', 'ABCDEF0123456789ABCDEF0123456789', 'a/b', '']) {
      await expect(storage.write(bad, Readable.from([Buffer.from('x')]))).rejects.toThrow(
        /invalid storage key/,
      );
      await expect(storage.read(bad)).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe('S3 driver specifics', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(() => s3.close());

  it('keeps to its prefix: two prefixes of one bucket never see (or sweep) each other’s blobs', async () => {
    const a = s3Storage({ ...s3.settings, prefix: 'entidade-a/' });
    const b = s3Storage({ ...s3.settings, prefix: 'entidade-b/' });
    const key = newStorageKey();
    await a.write(key, Readable.from([Buffer.from('de A')]));
    expect(await keys(a)).toEqual([key]);
    expect(await keys(b)).toEqual([]);
    expect(await b.exists(key)).toBe(false);
  });

  it('a store that is down fails every call with StorageUnavailableError (503, Portuguese), never a raw error', async () => {
    const probe = await startS3rver();
    await probe.close();
    const down = s3Storage(probe.settings);
    const key = newStorageKey();
    const calls: [string, () => Promise<unknown>][] = [
      ['write', () => down.write(key, Readable.from([Buffer.from('bytes')]))],
      ['read', () => down.read(key)],
      ['exists', () => down.exists(key)],
      ['remove', () => down.remove(key)],
      ['list', () => keys(down)],
      ['ping', () => down.ping()],
    ];
    for (const [call, run] of calls) {
      const err = await run().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, call).toBeInstanceOf(StorageUnavailableError);
      expect(err, call).toMatchObject({ status: 503, code: 'ServiceUnavailable' });
      expect((err as Error).message, call).toMatch(/armazenamento de arquivos está indisponível/);
    }
  });

  it('credentials the store refuses are a 503 too (misconfiguration is logged, not shown)', async () => {
    const wrong = s3Storage({ ...s3.settings, accessKeyId: 'DESCONHECIDA' });
    await expect(wrong.write(newStorageKey(), Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
  });
});
