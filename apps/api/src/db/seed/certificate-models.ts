import { DEFAULT_CERTIFICATE_LAYOUT } from '@origem/contract/schemas/nomenclature';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  ALADI_FORMS,
  formRules,
  modelFields,
  SEEDED_MODELS,
} from '../../modules/nomenclature/certificate-forms';
import type { Executor } from '../client';
import { certificateModels, deals, languages } from '../schema';

/**
 * One certificate model per seeded deal form, with ALADI's M/O/NA classification of every field (see
 * certificate-forms.ts). Deals are found by abbreviation (any letter case); a missing deal is skipped and a deal
 * that already has a model keeps it, so running it again changes nothing.
 */
export async function seedCertificateModels(db: Executor): Promise<void> {
  const wanted = SEEDED_MODELS.map((m) => m.abbreviation.toLowerCase());
  const found = await db
    .select({
      id: deals.id,
      abbreviation: deals.abbreviation,
      aladi_acronym: deals.aladi_acronym,
      model_id: certificateModels.id,
    })
    .from(deals)
    .leftJoin(certificateModels, eq(certificateModels.deal_id, deals.id))
    .where(inArray(sql`lower(${deals.abbreviation})`, wanted));
  const missing = found.filter((d) => d.model_id === null);
  if (missing.length === 0) return;
  const languageIds = new Map(
    (await db.select({ id: languages.id, code: languages.code }).from(languages)).map((l) => [l.code, l.id]),
  );
  const rows = missing.map((deal) => {
    const seed = SEEDED_MODELS.find((m) => m.abbreviation.toLowerCase() === deal.abbreviation.toLowerCase());
    if (!seed) throw new Error(`sem modelo para ${deal.abbreviation}`);
    // A deal that names its own ALADI form (e.g. A02) uses it instead of the fallback.
    const form = deal.aladi_acronym && ALADI_FORMS[deal.aladi_acronym] ? deal.aladi_acronym : seed.form;
    const name =
      form === seed.form
        ? seed.name
        : `${seed.abbreviation} — Certificado de origem ALADI (formulário ${form})`;
    const languageId = languageIds.get(seed.language) ?? null;
    return {
      deal_id: deal.id,
      name,
      language_id: languageId,
      fields: modelFields(formRules(form), languageId !== null ? seed.language : 'pt'),
      layout: { ...DEFAULT_CERTIFICATE_LAYOUT },
    };
  });
  await db.insert(certificateModels).values(rows).onConflictDoNothing({ target: certificateModels.deal_id });
}
