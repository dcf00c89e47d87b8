import type { Database, Tx } from '../../db/client';
import type { Printed } from '../../documents/pdf/send';
import { FileChanges, type FileOwner, findOwnerFile, type StoredFile } from '../../files/records';
import type { FileStorage } from '../../files/storage';
import { PDF_POLICY, receiveBuffer } from '../../files/upload';

/**
 * A document that no longer changes (an issued certificate, its signed copy, the watermarked copy of a cancelled
 * one): rendered once and kept in the file store under a role of its record's files, so every print, on any
 * instance, serves the same bytes (ADR 016, "Issued documents are rendered once").
 */
export type IssuedCopy = {
  owner: FileOwner;
  role: string;
  fileName: string;
  render: () => Promise<Buffer>;
  /**
   * In the storing transaction: locks the record (FOR UPDATE, so storers and the record's transitions take turns)
   * and answers the role its state serves now, or null when it serves none.
   */
  servedRole: (tx: Tx) => Promise<string | null>;
  /** Roles this copy supersedes (a cancellation's copy replaces the issued ones); removed when it is stored. */
  replaces?: readonly string[];
};

/**
 * The print of an issued document: the stored copy, or, when the job that makes it at issue has not run yet, the
 * copy made and stored now. Bytes made but not kept (the record's state moved on meanwhile) are answered as made.
 */
export async function issuedCopy(db: Database, files: FileStorage, copy: IssuedCopy): Promise<Printed> {
  const stored = await findOwnerFile(db, copy.owner, copy.role);
  return stored ? { stored } : storeIssuedCopy(db, files, copy);
}

/**
 * Renders the copy and keeps it, unless another instance kept one first (that one is served: one copy per role)
 * or the record's state no longer serves this role. The render runs outside any transaction.
 */
export async function storeIssuedCopy(db: Database, files: FileStorage, copy: IssuedCopy): Promise<Printed> {
  const bytes = await copy.render();
  const received = await receiveBuffer(files, bytes, copy.fileName, PDF_POLICY);
  let kept: StoredFile | null = null;
  try {
    await new FileChanges(files).run((changes) =>
      db.transaction(async (tx) => {
        if ((await copy.servedRole(tx)) !== copy.role) return;
        kept = await findOwnerFile(tx, copy.owner, copy.role);
        if (kept) return;
        for (const role of copy.replaces ?? [])
          await changes.detachAll(tx, { type: `${copy.owner.type}.${role}`, id: copy.owner.id });
        kept = await changes.attach(tx, received, copy.owner, null, copy.role);
      }),
    );
  } catch (err) {
    await files.remove(received.key);
    throw err;
  }
  const winner = kept as StoredFile | null;
  if (winner?.storage_key === received.key) return { stored: winner, bytes };
  await files.remove(received.key);
  return winner ? { stored: winner } : { stored: null, bytes };
}
