import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { roles, signatureEvidence, users } from '../../db/schema';
import type { JobHandler } from '../../jobs/runner';
import { enqueueMail } from '../../mail/outbox';
import { layout } from '../../mail/templates';
import { completeEvidence, type EvidenceCompletion, type EvidenceRecord } from './evidence';

/**
 * The authority down: the record waits ("Aguardando carimbo do tempo" on a certificate), the `signature_timestamp`
 * job tries again with the runner's back-off (15 s, 30 s … 1 h), `origem_evidence_awaiting_timestamp` says how many
 * wait (plugins/metrics.ts), and the administrators get one mail when an outage starts (the first record to fail
 * while no other is failing).
 */

export type Completions = Record<EvidenceRecord['type'], EvidenceCompletion>;

async function alertAdministrators(
  db: Database,
  config: Pick<Config, 'appUrl'>,
  record: EvidenceRecord,
  error: string,
) {
  await db.transaction(async (tx) => {
    const [others] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(signatureEvidence)
      .where(
        and(
          eq(signatureEvidence.status, 'pending'),
          isNotNull(signatureEvidence.last_error),
          sql`not (${signatureEvidence.record_type} = ${record.type} and ${signatureEvidence.record_id} = ${record.id})`,
        ),
      );
    if ((others?.n ?? 0) > 0) return;
    const admins = await tx
      .select({ email: users.email })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.role_id))
      .where(and(eq(roles.type, 'admin'), eq(users.active, true), isNull(users.deleted_at)));
    for (const admin of admins) {
      await enqueueMail(tx, {
        to: admin.email,
        subject: 'Origem — autoridade de carimbo do tempo fora do ar',
        ...layout(
          'Olá, administrador.',
          [
            'A autoridade de carimbo do tempo (TSA_URL) não respondeu: a emissão de certificados e o registro de evidências das assinaturas estão aguardando o carimbo do tempo.',
            `Erro: ${error}`,
            'O Origem tenta de novo automaticamente, com intervalos crescentes; os documentos seguem assim que a autoridade responder. Verifique a configuração e o serviço da autoridade.',
          ],
          { href: `${config.appUrl}/administracao/tarefas`, label: 'Abrir as tarefas em segundo plano' },
        ),
      });
    }
  });
}

async function settle(db: Database, config: Config, record: EvidenceRecord, complete: EvidenceCompletion) {
  const outcome = await completeEvidence(db, config, record, complete);
  if (outcome.status === 'pending' && outcome.firstFailure) {
    await alertAdministrators(db, config, record, outcome.error);
  }
  return outcome;
}

/** Completes the record's evidence now (right after the signing commit); on failure the job will try again. */
export async function settleEvidence(
  db: Database,
  config: Config,
  record: EvidenceRecord,
  complete: EvidenceCompletion,
): Promise<'complete' | 'pending'> {
  return (await settle(db, config, record, complete)).status;
}

/** The `signature_timestamp` job: the record's evidence completed, or a retry (the error as the job's). */
export function signatureTimestampHandler(config: Config, completions: Completions): JobHandler {
  return async (payload, { db }) => {
    const record = { type: payload.type as EvidenceRecord['type'], id: Number(payload.id) };
    if (!(record.type in completions) || !Number.isInteger(record.id)) throw new Error('registro inválido');
    const outcome = await settle(db, config, record, completions[record.type]);
    if (outcome.status === 'pending') throw new Error(outcome.error);
  };
}

/** Records waiting for their timestamp and how long the oldest has waited (the metrics). */
export async function awaitingTimestamp(db: Database) {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      oldest: sql<number>`coalesce(extract(epoch from now() - min(${signatureEvidence.created_at})), 0)::float`,
    })
    .from(signatureEvidence)
    .where(ne(signatureEvidence.status, 'complete'));
  return { count: row?.n ?? 0, oldestSeconds: row?.oldest ?? 0 };
}
