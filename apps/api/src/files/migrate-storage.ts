import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { FileStorage } from './storage';

export type Digest = { size: number; sha256: string };
export type MigrationReport = { copied: number; skipped: number; failed: { key: string; reason: string }[] };

/** Size and SHA-256 of a stored blob, streamed (never whole in memory). */
export async function digestOf(storage: FileStorage, key: string): Promise<Digest> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of await storage.read(key)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

const same = (a: Digest, b: Digest) => a.size === b.size && a.sha256 === b.sha256;

/**
 * Copies every blob of `source` into `target` under the same key (a local folder into a bucket: `npm run
 * storage:migrate`). Idempotent and resumable: a blob already in the target with the same size and SHA-256 is
 * skipped, one that differs is copied again; an interrupted copy never shows (writes appear only complete). Each
 * copy is read back from the target and compared, size and SHA-256, with what was read from the source.
 */
export async function migrateStorage(
  source: FileStorage,
  target: FileStorage,
  progress: (key: string, outcome: 'copied' | 'skipped' | 'failed') => void = () => {},
): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, skipped: 0, failed: [] };
  for await (const { key } of source.list()) {
    try {
      if (await target.exists(key)) {
        const [from, to] = await Promise.all([digestOf(source, key), digestOf(target, key)]);
        if (same(from, to)) {
          report.skipped += 1;
          progress(key, 'skipped');
          continue;
        }
      }
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      });
      await target.write(key, await source.read(key), measure);
      const sent = { size, sha256: hash.digest('hex') };
      const stored = await digestOf(target, key);
      if (!same(sent, stored)) {
        throw new Error(`cópia diferente da origem (${stored.size} bytes, esperado ${sent.size})`);
      }
      report.copied += 1;
      progress(key, 'copied');
    } catch (err) {
      report.failed.push({ key, reason: (err as Error).message });
      progress(key, 'failed');
    }
  }
  return report;
}
