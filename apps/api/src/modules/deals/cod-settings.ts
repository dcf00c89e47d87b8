import { codFormFor, codVersionOn, type DealCodSettings } from '@origem/contract/schemas/cod-settings';
import { CodDataError, type CodProfile } from '../../documents/xml/cod';
import { brasiliaDay, dayText } from '../../lib/brasilia-days';

/**
 * A deal's COD settings applied to one certificate (issue 36): the form its items' NCMs put it on (ALADI Annex 3's
 * automotive split, from the deal's automotive list) and the version in force on the day the COD is written.
 */

export type DealCod = DealCodSettings & { abbreviation: string };

/** The form a digital certificate under the deal would use, or the reason it cannot be digital (null: it can). */
export function digitalRefusal(deal: DealCod, ncms: readonly string[]): string | null {
  const choice = codFormFor(deal, ncms);
  return 'refusal' in choice ? choice.refusal : null;
}

/** The form and version of the COD written at `at`, or a CodDataError saying why there is none. */
export function codTargetFor(deal: DealCod, ncms: readonly string[], at: Date): CodProfile {
  const choice = codFormFor(deal, ncms);
  if ('refusal' in choice) throw new CodDataError(choice.refusal);
  const day = brasiliaDay(at);
  const entry = codVersionOn(deal.cod_versions, day);
  if (!entry) {
    const first = deal.cod_versions[0];
    throw new CodDataError(
      first
        ? `O acordo ${deal.abbreviation} só troca COD a partir de ${dayText(first.valid_from)}.`
        : `O acordo ${deal.abbreviation} não tem versão do COD configurada: um administrador a informa na tela do acordo.`,
    );
  }
  return { form: choice.form, version: entry.version };
}
