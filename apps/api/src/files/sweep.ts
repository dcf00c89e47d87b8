import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { storedFiles } from '../db/schema';
import type { FileStorage, StoredBlob } from './storage';

/**
 * A blob is written before the transaction that records it commits: younger than this, an unreferenced blob may
 * still be an upload in flight. Older, nothing will ever reference it.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** Temporary files younger than this may belong to another instance's write in progress. */
export const TEMP_GRACE_MS = 60 * 60 * 1000;

const BATCH = 500;

export type SweepResult = { scanned: number; removed: number };

/**
 * Removes stored blobs that no `stored_files` row references and that are older than the grace period: what a
 * crash between writing a file and committing its record (or a kill -9 during an upload) leaves behind.
 * Plain function: the jobs scheduler runs it.
 */
export async function sweepOrphanFiles(
  db: Executor,
  storage: FileStorage,
  options: { graceMs?: number; now?: Date } = {},
): Promise<SweepResult> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? ORPHAN_GRACE_MS);
  let scanned = 0;
  let removed = 0;
  let batch: StoredBlob[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const keys = batch.map((blob) => blob.key);
    const rows = await db
      .select({ key: storedFiles.storage_key })
      .from(storedFiles)
      .where(inArray(storedFiles.storage_key, keys));
    const referenced = new Set(rows.map((row) => row.key));
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await storage.remove(key);
      removed += 1;
    }
    batch = [];
  };
  for await (const blob of storage.list()) {
    scanned += 1;
    if (blob.modifiedAt.getTime() > cutoff) continue;
    batch.push(blob);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return { scanned, removed };
}

/**
 * Removes the temporary files of writes that never finished (the process died mid-upload). Run at start; the
 * grace period spares the writes in progress of other instances sharing the folder.
 */
export async function removeTempLeftovers(
  storage: FileStorage,
  options: { graceMs?: number; now?: Date } = {},
): Promise<SweepResult> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? TEMP_GRACE_MS);
  let scanned = 0;
  let removed = 0;
  for await (const temp of storage.listTemporary()) {
    scanned += 1;
    if (temp.modifiedAt.getTime() > cutoff) continue;
    await temp.remove();
    removed += 1;
  }
  return { scanned, removed };
}
