import { declarationPdfName } from '@origem/contract/schemas/declarations';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { declarations } from '../../db/schema';
import type { Printed } from '../../documents/pdf/send';
import type { FileStorage } from '../../files/storage';
import { type Actor, type ServiceContext, systemContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { copiesJob, printCopy } from '../issuance/issued-copy';
import { declarationCopies } from './copy-policy';
import { declarationDocument } from './documents';
import { readScope } from './queries';
import { signedPdf } from './signatures';

/**
 * GET print/{id} (and print_preview, `preview`): the declaration's PDF. Approved or expired, the copy rendered once
 * and stored (copy-policy.ts); otherwise, and every preview, rendered now.
 */
export async function printDeclaration(
  db: Database,
  files: FileStorage,
  ctx: ServiceContext,
  actor: Actor | null,
  id: number,
  preview: boolean,
): Promise<Printed> {
  const [row] = await db
    .select({ status: declarations.status })
    .from(declarations)
    .where(and(eq(declarations.id, id), actor ? readScope(actor) : undefined));
  if (!row) throw notFound();
  const render = () => declarationDocument(db, files, ctx, actor, id, preview);
  if (preview) return { stored: null, bytes: await render() };
  return printCopy(db, files, declarationCopies, {
    id,
    status: row.status,
    signed: false,
    fileName: declarationPdfName(id),
    render,
  });
}

/** Renders and stores an approved declaration's PDF and, when its representative signed it, its sealed PDF. */
export function declarationCopiesHandler(files: FileStorage, config: Config) {
  const ctx = systemContext(declarationCopies.job, config.appUrl);
  return copiesJob(declarationCopies, (db, id) => [
    () => printDeclaration(db, files, ctx, null, id, false),
    () => signedPdf(db, files, config, ctx, null, id),
  ]);
}
