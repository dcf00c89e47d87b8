import { and, eq, like, or } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Executor, Tx } from '../db/client';
import { storedFiles } from '../db/schema';
import { afterCommit, inRequestTransaction } from '../lib/request-transaction';
import type { FileStorage } from './storage';
import type { ReceivedFile } from './upload';

export type FileOwner = { type: string; id: number };
export type StoredFile = typeof storedFiles.$inferSelect;

/**
 * Blob housekeeping around one database transaction: blobs received for it are removed if it rolls back, blobs it
 * replaced are removed once it commits. So neither a failed save nor a replacement leaves an orphan behind.
 */
export class FileChanges {
  private readonly added: string[] = [];
  private readonly replaced: string[] = [];

  constructor(private readonly storage: FileStorage) {}

  /** Runs `work` (which opens the transaction); cleans up on whichever way it ends. */
  async run<T>(work: (changes: FileChanges) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await work(this);
    } catch (err) {
      await Promise.all(this.added.map((key) => this.storage.remove(key)));
      throw err;
    }
    // The replaced blobs go once nothing can bring their rows back: after the request's transaction commits.
    const removeReplaced = () => Promise.all(this.replaced.map((key) => this.storage.remove(key)));
    if (inRequestTransaction()) void afterCommit(removeReplaced);
    else await removeReplaced();
    return result;
  }

  /** Attaches a received file to its owner, replacing whatever file the owner had under the same role. */
  async attach(
    tx: Tx,
    file: ReceivedFile,
    owner: FileOwner,
    createdBy: number | null,
    role = 'file',
  ): Promise<StoredFile> {
    this.added.push(file.key);
    const ownerType = role === 'file' ? owner.type : `${owner.type}.${role}`;
    const previous = await tx
      .delete(storedFiles)
      .where(and(eq(storedFiles.owner_type, ownerType), eq(storedFiles.owner_id, owner.id)))
      .returning({ key: storedFiles.storage_key });
    this.replaced.push(...previous.map((p) => p.key));
    const [row] = await tx
      .insert(storedFiles)
      .values({
        storage_key: file.key,
        original_name: file.originalName,
        mime_type: file.mime,
        size: file.size,
        sha256: file.sha256,
        owner_type: ownerType,
        owner_id: owner.id,
        created_by: createdBy,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  }

  /** Removes every file of an owner (the owner is being deleted). */
  async detachAll(tx: Tx, owner: FileOwner): Promise<void> {
    const rows = await tx
      .delete(storedFiles)
      .where(
        and(
          eq(storedFiles.owner_id, owner.id),
          or(eq(storedFiles.owner_type, owner.type), like(storedFiles.owner_type, `${owner.type}.%`)),
        ),
      )
      .returning({ key: storedFiles.storage_key });
    this.replaced.push(...rows.map((row) => row.key));
  }
}

export async function findOwnerFile(
  db: Executor,
  owner: FileOwner,
  role = 'file',
): Promise<StoredFile | null> {
  const ownerType = role === 'file' ? owner.type : `${owner.type}.${role}`;
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.owner_type, ownerType), eq(storedFiles.owner_id, owner.id)));
  return row ?? null;
}

function extensionOf(name: string): string {
  const match = /\.[a-z0-9]{1,5}$/i.exec(name);
  return match ? match[0].toLowerCase() : '';
}

/**
 * Sends a stored file as a download named `downloadName` (SPEC §9 names, e.g. `contrato_social`), keeping the
 * original extension. Served with nosniff, and SVGs sandboxed, so a file can never run in our origin.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: StoredFile,
  downloadName: string,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  const name = extensionOf(downloadName) ? downloadName : `${downloadName}${extensionOf(file.original_name)}`;
  // Opened before any header goes out: a store that is down is still a clean 503, a lost blob a 404.
  const body = await storage.read(file.storage_key);
  return reply
    .header('content-type', file.mime_type)
    .header('content-length', String(file.size))
    .header(
      'content-disposition',
      `${disposition}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .send(body);
}

/** The columns a query selects from a left-joined `stored_files` row to show the file (all null when none). */
export type FileColumns = {
  file_name: string | null;
  file_mime: string | null;
  file_size: number | null;
  file_created_at: Date | null;
};

/** A stored file as records show it (contract `storedFileInfoSchema`), or null when the record has none. */
export function storedFileView(row: FileColumns) {
  if (row.file_name === null) return null;
  return {
    name: row.file_name,
    mime_type: row.file_mime ?? 'application/octet-stream',
    size: row.file_size ?? 0,
    updated_at: (row.file_created_at ?? new Date(0)).toISOString(),
  };
}

/**
 * Applies a form's file choice inside the owner's transaction: a new file replaces the current one of that role
 * (its blob goes after commit), `remove` drops it, nothing keeps it. Returns the file's name before and after, for
 * the audit row.
 */
export async function applyFileChoice(
  tx: Tx,
  changes: FileChanges,
  owner: FileOwner,
  actorId: number | null,
  choice: { file: ReceivedFile | undefined; remove: boolean | undefined; role?: string },
): Promise<{ before: string | null; after: string | null }> {
  const role = choice.role ?? 'file';
  const current = await findOwnerFile(tx, owner, role);
  const before = current?.original_name ?? null;
  if (choice.file) {
    const stored = await changes.attach(tx, choice.file, owner, actorId, role);
    return { before, after: stored.original_name };
  }
  if (choice.remove && current) {
    await changes.detachAll(tx, role === 'file' ? owner : { type: `${owner.type}.${role}`, id: owner.id });
    return { before, after: null };
  }
  return { before, after: before };
}
