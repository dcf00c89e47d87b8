import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@origem/contract/errors';
import { apiTokenMessages } from '@origem/contract/schemas/api-tokens';
import {
  SIGNER_DOWNLOAD_FAILED,
  type SignerDocument,
  type SignerDownload,
  type SignerSession,
  type SignerTarget,
} from '@origem/contract/schemas/signer';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { signerTokens } from '../../db/schema';
import { DECLARATION_PART } from '../../documents/xml/declaration';
import type { FileStorage } from '../../files/storage';
import { findActorByTokenId } from '../../lib/actor';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, forbidden } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/secrets';
import { a3Document, acceptHandedOut, type SignatureStage, stageTarget } from '../certificates/signatures';
import { a3DeclarationDocument, acceptDeclarationHandedOut } from '../declarations/signatures';

/**
 * The A3 signer program's side of the API (DOMAIN.md §5). A user who may sign asks for a one-time code bound to the
 * record, to themselves (their session) and to the exact document to sign; the program reads the document with the
 * code and posts the signed XML back, which the record's signature service (a certificate's or a declaration's)
 * verifies like an A1 signature.
 */

/** Long enough to plug the token in and type the PIN; short enough that a leaked code is soon worthless. */
const CODE_TTL_MS = 15 * 60_000;

/** What a code signs: a certificate's first or second signature, or a declaration's (the table's CHECK). */
type Purpose = 'certificate_first' | 'certificate_second' | 'declaration';
const purposeOf = (stage: SignatureStage): Purpose => `certificate_${stage}`;
const stageOf = (purpose: string): SignatureStage => (purpose === 'certificate_first' ? 'first' : 'second');
const TARGETS: Record<Purpose, SignerTarget> = {
  certificate_first: stageTarget('first'),
  certificate_second: stageTarget('second'),
  declaration: DECLARATION_PART.id,
};

const codeRefused = () =>
  new AppError(
    401,
    ErrorCode.Unauthenticated,
    'O código de assinatura é inválido, já foi usado ou expirou: gere um novo na tela de assinatura digital A3.',
  );

/**
 * A new code for `purpose` on the record, bound to the actor's session and to `document`. Codes the same user asked
 * for earlier on the same record and purpose stop working, so only the latest screen signs. `issuedAt` is kept as
 * the row's creation: a declaration's document is rebuilt as of then when the signature comes back.
 */
async function issueCode(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  purpose: Purpose,
  id: number,
  document: string,
  issuedAt: Date,
): Promise<SignerSession> {
  // A code ends with the session that asked for it; a caller without one (an API token) cannot have one.
  if (!actor.tokenId) throw forbidden(apiTokenMessages.notForManagement);
  const token = randomToken();
  const expires = new Date(issuedAt.getTime() + CODE_TTL_MS);
  await db.transaction(async (tx) => {
    await tx
      .update(signerTokens)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(signerTokens.purpose, purpose),
          eq(signerTokens.record_id, id),
          eq(signerTokens.user_id, actor.id),
          isNull(signerTokens.used_at),
        ),
      );
    await tx.insert(signerTokens).values({
      token_hash: sha256(token),
      purpose,
      record_id: id,
      user_id: actor.id,
      access_token_id: actor.tokenId,
      document,
      expires_at: expires,
      created_at: issuedAt,
    });
  });
  return { token, expires_at: expires.toISOString(), server: ctx.appUrl, target: TARGETS[purpose] };
}

/** GET /v1/certificate/{first|second}/signature/a3/{id}: a code for the certificate signature the actor may take now. */
export async function issueCertificateCode(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  stage: SignatureStage,
): Promise<SignerSession> {
  const document = await a3Document(db, ctx, actor, id, stage);
  return issueCode(db, ctx, actor, purposeOf(stage), id, document, new Date());
}

/** GET /v1/declaration/signature/a3/{id}: a code for the declaration's legal representative's signature. */
export async function issueDeclarationCode(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
): Promise<SignerSession> {
  const issuedAt = new Date();
  const document = await a3DeclarationDocument(db, actor, id, issuedAt);
  return issueCode(db, ctx, actor, 'declaration', id, document, issuedAt);
}

/** The code's row while it is unused and unexpired, and the user it stands for while their session lasts. */
async function openCode(db: Database, code: string | undefined) {
  if (!code) throw codeRefused();
  const [row] = await db
    .select()
    .from(signerTokens)
    .where(
      and(
        eq(signerTokens.token_hash, sha256(code)),
        isNull(signerTokens.used_at),
        gt(signerTokens.expires_at, new Date()),
      ),
    );
  const actor = row ? await findActorByTokenId(db, row.access_token_id) : null;
  if (!row || actor?.id !== row.user_id) throw codeRefused();
  return { row, actor };
}

/** GET /v1/signer/document: what the program signs and for whom. */
export async function signerDocument(db: Database, code: string | undefined): Promise<SignerDocument> {
  const { row, actor } = await openCode(db, code);
  const purpose = row.purpose as Purpose;
  const asked = `(código pedido por ${actor.name})`;
  const signer: Record<Purpose, string> = {
    certificate_first: `o responsável legal do exportador ${asked}`,
    certificate_second: actor.name,
    declaration: `o responsável legal da declaração ${asked}`,
  };
  return { target: TARGETS[purpose], xml: row.document, signer: signer[purpose] };
}

/**
 * POST /v1/signer/document: the signed XML. Verified and stored by the record's signature service (the
 * certificate's or the declaration's, as for an A1) as the code's user; the code is spent in the same transaction,
 * so a refusal (422, nothing changed) leaves it usable and an accepted signature cannot be posted twice.
 */
export async function submitSigned(
  db: Database,
  files: FileStorage,
  config: Config,
  ctx: ServiceContext,
  code: string | undefined,
  xml: string,
): Promise<{ message: string }> {
  const { row, actor } = await openCode(db, code);
  // The code stands for the user who asked for it: the transition's checks and its audit row name that user.
  ctx.actor = actor;
  const consume = async (tx: Tx) => {
    const spent = await tx
      .update(signerTokens)
      .set({ used_at: new Date() })
      .where(and(eq(signerTokens.id, row.id), isNull(signerTokens.used_at)))
      .returning({ id: signerTokens.id });
    if (spent.length === 0) throw codeRefused();
  };
  const done =
    row.purpose === 'declaration'
      ? await acceptDeclarationHandedOut(
          db,
          files,
          config,
          ctx,
          actor,
          row.record_id,
          'a3',
          { xml: row.document, issuedAt: row.created_at },
          xml,
          consume,
        )
      : await acceptHandedOut(
          db,
          config,
          ctx,
          actor,
          row.record_id,
          stageOf(row.purpose),
          'a3',
          row.document,
          xml,
          consume,
        );
  return { message: done.message ?? 'Assinatura registrada.' };
}

/** The packaged signer program (scripts/pack-signer.mjs writes it into the web build's downloads/). */
export function signerDownload(config: Config): SignerDownload {
  let name: string | undefined;
  try {
    name = readdirSync(path.resolve(config.webDist, 'downloads'))
      .filter((f) => /^origem-assinador-[\w.-]+\.tgz$/.test(f))
      .sort()
      .pop();
  } catch {
    name = undefined;
  }
  // A build without the package (e.g. the API alone): nothing to offer, which the screen says in SPEC's words.
  if (!name) throw new AppError(404, ErrorCode.NotFound, SIGNER_DOWNLOAD_FAILED);
  return { url: `${config.appUrl}/downloads/${name}` };
}
