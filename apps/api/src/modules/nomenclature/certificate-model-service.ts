import { messages } from '@origem/contract/messages.pt';
import type {
  CertificateModel,
  CertificateModelDealQuery,
  CertificateModelField,
  CertificateModelInput,
} from '@origem/contract/schemas/nomenclature';
import type { Database } from '../../db/client';
import { changedValues, recordAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { conflict, fieldError, notFound, violatesConstraint } from '../../lib/errors';
import * as q from './certificate-model-queries';

export async function listDeals(db: Database, query: CertificateModelDealQuery) {
  return q.pageDeals(db, query.q, query);
}

export async function allModels(db: Database) {
  return { data: await q.allModels(db) };
}

export async function getModel(db: Database, dealId: number): Promise<CertificateModel> {
  const model = await q.findModel(db, dealId);
  if (!model) throw notFound();
  return model;
}

/** Only the fields whose rule or label moved, on both sides: the audit row of a 48-field form stays readable. */
function fieldChanges(
  before: Record<string, CertificateModelField>,
  after: Record<string, CertificateModelField>,
) {
  const old: Record<string, CertificateModelField> = {};
  const next: Record<string, CertificateModelField> = {};
  for (const [key, entry] of Object.entries(after)) {
    const previous = before[key];
    if (previous && previous.rule === entry.rule && previous.label === entry.label) continue;
    if (previous) old[key] = previous;
    next[key] = entry;
  }
  return { old, next };
}

/**
 * Saves a deal's model (the deal must exist): creates it when the deal has none, otherwise replaces name,
 * language, every field's rule and label, and the layout. Audited with what changed.
 */
export async function saveModel(
  db: Database,
  ctx: ServiceContext,
  dealId: number,
  input: CertificateModelInput,
): Promise<CertificateModel> {
  try {
    await db.transaction(async (tx) => {
      if (!(await q.findDeal(tx, dealId))) throw notFound();
      if (input.language_id !== null && !(await q.findLanguage(tx, input.language_id))) {
        throw fieldError('language_id', messages.field.invalidOption);
      }
      const values: q.ModelValues = {
        name: input.name,
        language_id: input.language_id,
        fields: input.fields,
        layout: input.layout,
      };
      const before = await q.findModel(tx, dealId);
      if (!before) {
        const id = await q.insertModel(tx, dealId, values);
        await recordAudit(tx, ctx, {
          event: 'created',
          type: 'certificate_model',
          id,
          new: { deal_id: dealId, ...values },
        });
        return;
      }
      await q.updateModel(tx, dealId, values);
      const header = changedValues(
        { name: before.name, language_id: before.language_id, layout: before.layout },
        { name: values.name, language_id: values.language_id, layout: values.layout },
      );
      const fields = fieldChanges(before.fields, values.fields);
      const fieldsMoved = Object.keys(fields.next).length > 0;
      await recordAudit(tx, ctx, {
        event: 'updated',
        type: 'certificate_model',
        id: before.id,
        old: { ...header.old, ...(fieldsMoved ? { fields: fields.old } : {}) },
        new: { ...header.new, ...(fieldsMoved ? { fields: fields.next } : {}) },
      });
    });
  } catch (err) {
    // Two first saves of one deal's model at once: the second is told, not shown a 500.
    if (violatesConstraint(err, 'certificate_models_deal_id_unique')) {
      throw conflict('O modelo deste acordo acabou de ser criado por outra pessoa. Recarregue a página.');
    }
    throw err;
  }
  return getModel(db, dealId);
}
