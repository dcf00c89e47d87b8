import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@origem/contract/errors';
import {
  SIGNER_DOWNLOAD_FAILED,
  type SignerDocument,
  type SignerDownload,
  type SignerSession,
} from '@origem/contract/schemas/signer';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { signerTokens } from '../../db/schema';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/secrets';
import { findActorByTokenId } from '../../plugins/auth';
import { a3Document, acceptA3, type SignatureStage, stageTarget } from '../certificates/signatures';

/**
 * The A3 signer program's side of the API (DOMAIN.md §5). A user who may sign asks for a one-time code bound to the
 * record, to themselves (their session) and to the exact document to sign; the program reads the document with the
 * code and posts the signed XML back, which the certificate's signature service verifies like an A1 signature.
 */

/** Long enough to plug the token in and type the PIN; short enough that a leaked code is soon worthless. */
const CODE_TTL_MS = 15 * 60_000;

type Purpose = (typeof signerTokens.$inferSelect)['purpose'];
const purposeOf = (stage: SignatureStage): Purpose => `certificate_${stage}`;
const stageOf = (purpose: Purpose): SignatureStage => (purpose === 'certificate_first' ? 'first' : 'second');

const codeRefused = () =>
  new AppError(
    401,
    ErrorCode.Unauthenticated,
    'O código de assinatura é inválido, já foi usado ou expirou: gere um novo na tela de assinatura digital A3.',
  );

/**
 * GET /v1/certificate/{first|second}/signature/a3/{id}: a new code for the signature the actor may take now. Codes
 * the same user asked for earlier on the same record and stage stop working, so only the latest screen signs.
 */
export async function issueCertificateCode(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  stage: SignatureStage,
): Promise<SignerSession> {
  const document = await a3Document(db, ctx, actor, id, stage);
  const token = randomToken();
  const expires = new Date(Date.now() + CODE_TTL_MS);
  const purpose = purposeOf(stage);
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
    });
  });
  return { token, expires_at: expires.toISOString(), server: ctx.appUrl, target: stageTarget(stage) };
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
  const stage = stageOf(row.purpose);
  return {
    target: stageTarget(stage),
    xml: row.document,
    signer:
      stage === 'first' ? `o responsável legal do exportador (código pedido por ${actor.name})` : actor.name,
  };
}

/**
 * POST /v1/signer/document: the signed XML. Verified and stored by the certificate's signature service as the
 * code's user; the code is spent in the same transaction, so a refusal (422, nothing changed) leaves it usable and
 * an accepted signature cannot be posted twice.
 */
export async function submitSigned(
  db: Database,
  config: Config,
  ctx: ServiceContext,
  code: string | undefined,
  xml: string,
): Promise<{ message: string }> {
  const { row, actor } = await openCode(db, code);
  // The code stands for the user who asked for it: the transition's checks and its audit row name that user.
  ctx.actor = actor;
  const done = await acceptA3(
    db,
    config,
    ctx,
    actor,
    row.record_id,
    stageOf(row.purpose),
    row.document,
    xml,
    async (tx) => {
      const spent = await tx
        .update(signerTokens)
        .set({ used_at: new Date() })
        .where(and(eq(signerTokens.id, row.id), isNull(signerTokens.used_at)))
        .returning({ id: signerTokens.id });
      if (spent.length === 0) throw codeRefused();
    },
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
