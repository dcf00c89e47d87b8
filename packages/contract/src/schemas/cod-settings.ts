import { z } from 'zod';
import { messages } from '../messages.pt';
import { optionalDate } from './audit';

/**
 * A deal's COD settings (issue 36): whether it accepts digital certificates, the ALADI form its goods go on (and, per
 * ALADI/SEC/di 2327 Rev. 13 Annex 3, the form of its automotive goods with the NCM list that makes goods
 * automotive), and the COD versions it exchanges, each from a date: the version in force on the day a COD is written
 * is the one it declares.
 */

/** The versions the product writes (ALADI's schemas 1.8.3 and 4.1.0). */
export const COD_VERSIONS = ['1.8.3', '4.1.0'] as const;
export type CodVersion = (typeof COD_VERSIONS)[number];

/** The forms the product writes, in both versions. */
export const COD_FORMS = ['A14', 'A18', 'A72'] as const;
export type CodForm = (typeof COD_FORMS)[number];

export const codFormLabels: Record<CodForm, string> = {
  A14: 'FormA14 — ACE 14 (bens não automotivos)',
  A18: 'FormA18 — MERCOSUL (ACE 18, 13, 57, 74; automotivos dos ACE 02 e 14)',
  A72: 'FormA72 — MERCOSUL–Colômbia (ACE 72)',
};

/**
 * The agreement acronyms each version's schema accepts (its `Acronyms` enumeration; the API's tests compare these
 * lists with the XSD files). 1.8.3 has no A74: ACE 74 exchanges COD in 4.1.0 only.
 */
export const COD_VERSION_ACRONYMS: Record<CodVersion, readonly string[]> = {
  '1.8.3': [
    ...[
      'R01',
      'R02',
      'R03',
      'R04',
      'R07',
      'A02',
      'A06',
      'A08',
      'A13',
      'A14',
      'A18',
      'A22',
      'A23',
      'A24',
      'A33',
    ],
    ...[
      'A35',
      'A36',
      'A38',
      'A40',
      'A42',
      'A46',
      'A47',
      'A49',
      'A50',
      'A51',
      'A53',
      'A55',
      'A57',
      'A58',
      'A59',
    ],
    ...['A60', 'A62', 'A63', 'A64', 'A65', 'A69', 'A72', 'H29', 'H38', 'G01', 'G02', 'T06', 'T07', 'CA1'],
  ],
  '4.1.0': [
    ...[
      'R01',
      'R02',
      'R03',
      'R04',
      'R07',
      'A02',
      'A06',
      'A08',
      'A13',
      'A14',
      'A18',
      'A22',
      'A23',
      'A24',
      'A33',
    ],
    ...[
      'A35',
      'A36',
      'A38',
      'A40',
      'A42',
      'A46',
      'A47',
      'A49',
      'A50',
      'A51',
      'A53',
      'A55',
      'A57',
      'A58',
      'A59',
    ],
    ...[
      'A60',
      'A62',
      'A63',
      'A64',
      'A65',
      'A67',
      'A68',
      'A69',
      'A72',
      'A73',
      'A74',
      'H29',
      'H38',
      'G01',
      'G02',
    ],
    ...['T06', 'T07', 'CA1'],
  ],
};

export const COD_TEXTS = {
  versionRequired: 'Informe ao menos uma versão do COD, com a data a partir da qual vale.',
  versionInvalid: `Escolha uma versão do COD: ${COD_VERSIONS.join(' ou ')}.`,
  validFromRequired: 'Informe a data a partir da qual a versão vale.',
  validFromRepeated: 'Duas versões não podem começar no mesmo dia.',
  versionWithoutAgreement: (version: string, acronym: string) =>
    `A versão ${version} do COD não inclui o acordo ${acronym}: escolha outra versão.`,
  acronymRequired: 'Informe a sigla ALADI: o COD e o CertificateID a usam.',
  formRequired: 'Escolha o formulário COD do acordo (ou o dos bens automotivos).',
  formInvalid: `Escolha um formulário COD: ${COD_FORMS.join(', ')}.`,
  automotiveListRequired:
    'Informe a lista automotiva do acordo (capítulos, posições ou NCM): ela decide quais itens usam o formulário automotivo.',
  automotiveCodeInvalid: 'Use de 2 a 8 dígitos da NCM (ex.: 87, 8407.3, 8708.29.99).',
  automotiveTooMany: 'Use no máximo 500 códigos na lista automotiva.',
  versionsTooMany: 'Use no máximo 20 versões.',
} as const;

const codForm = z
  .enum(COD_FORMS, { error: COD_TEXTS.formInvalid })
  .nullish()
  .transform((v) => v ?? null);

export const codVersionEntrySchema = z.object({
  version: z.enum(COD_VERSIONS, { error: COD_TEXTS.versionInvalid }),
  valid_from: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), optionalDate)
    .refine((v) => v !== undefined, COD_TEXTS.validFromRequired)
    .transform((v) => v as string),
});
export type CodVersionEntry = { version: CodVersion; valid_from: string };

/** NCM prefixes as typed ('87', '8407.3', '8708.29.99') → digits; a chapter is the shortest. */
const automotiveCode = z
  .string()
  .transform((v) => v.replace(/[.\s]/g, ''))
  .refine((v) => /^\d{2,8}$/.test(v), COD_TEXTS.automotiveCodeInvalid);

/** The COD fields of a deal's input (its other fields are in deals.ts). */
export const dealCodFields = {
  cod_form: codForm,
  cod_automotive_form: codForm,
  cod_automotive_ncm: z
    .array(automotiveCode, { error: messages.field.invalidOption })
    .max(500, COD_TEXTS.automotiveTooMany)
    .default([])
    .transform((codes) => [...new Set(codes)].sort()),
  cod_versions: z
    .array(codVersionEntrySchema, { error: messages.field.invalidOption })
    .max(20, COD_TEXTS.versionsTooMany)
    .default([])
    .transform((entries) => [...entries].sort((a, b) => a.valid_from.localeCompare(b.valid_from))),
};

export type DealCodSettings = {
  aladi_acronym: string | null;
  accepts_digital: boolean;
  cod_form: CodForm | null;
  cod_automotive_form: CodForm | null;
  cod_automotive_ncm: string[];
  cod_versions: CodVersionEntry[];
};

/**
 * The rules across a deal's COD fields, as field messages (both sides run them): a deal that accepts digital
 * certificates needs its acronym, a form and a version; each version must list the deal's acronym; an automotive
 * form needs its NCM list; no two versions start the same day.
 */
export function codSettingsIssues(deal: DealCodSettings): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const seen = new Set<string>();
  deal.cod_versions.forEach((entry, index) => {
    if (seen.has(entry.valid_from)) {
      issues.push({ field: `cod_versions.${index}.valid_from`, message: COD_TEXTS.validFromRepeated });
    }
    seen.add(entry.valid_from);
    if (deal.aladi_acronym && !COD_VERSION_ACRONYMS[entry.version].includes(deal.aladi_acronym)) {
      issues.push({
        field: `cod_versions.${index}.version`,
        message: COD_TEXTS.versionWithoutAgreement(entry.version, deal.aladi_acronym),
      });
    }
  });
  if (deal.cod_automotive_form && deal.cod_automotive_ncm.length === 0) {
    issues.push({ field: 'cod_automotive_ncm', message: COD_TEXTS.automotiveListRequired });
  }
  if (deal.accepts_digital) {
    if (!deal.aladi_acronym) issues.push({ field: 'aladi_acronym', message: COD_TEXTS.acronymRequired });
    if (!deal.cod_form && !deal.cod_automotive_form) {
      issues.push({ field: 'cod_form', message: COD_TEXTS.formRequired });
    }
    if (deal.cod_versions.length === 0)
      issues.push({ field: 'cod_versions', message: COD_TEXTS.versionRequired });
  }
  return issues;
}

/** The version in force on `day` (YYYY-MM-DD): the latest to start on or before it; null before the first. */
export function codVersionOn(versions: readonly CodVersionEntry[], day: string): CodVersionEntry | null {
  let found: CodVersionEntry | null = null;
  for (const entry of versions) {
    if (entry.valid_from <= day && (!found || entry.valid_from > found.valid_from)) found = entry;
  }
  return found;
}

const ncmText = (ncm: string) => `${ncm.slice(0, 4)}.${ncm.slice(4, 6)}.${ncm.slice(6, 8)}`;

/** Whether an NCM is on the deal's automotive list (a prefix of it: chapter, heading, subheading or the code). */
export const isAutomotive = (list: readonly string[], ncm: string) =>
  list.some((code) => ncm.startsWith(code));

export type CodFormChoice = { form: CodForm } | { refusal: string };

/**
 * The form a digital certificate's COD goes on, from the deal's settings and its items' NCMs (in order), or why it
 * cannot have one: the deal exchanges no COD; under a deal with an automotive split, automotive and other goods
 * mixed (one COD has one form); or goods that have no form (ACE 02: only automotive goods do).
 */
export function codFormFor(
  deal: DealCodSettings & { abbreviation: string },
  ncms: readonly string[],
): CodFormChoice {
  if (!deal.accepts_digital || (!deal.cod_form && !deal.cod_automotive_form)) {
    return {
      refusal: `O acordo ${deal.abbreviation} não troca certificado de origem digital (COD): emita o certificado em papel.`,
    };
  }
  if (!deal.cod_automotive_form) return { form: deal.cod_form as CodForm };
  // No items yet: nothing to judge (the save's own checks ask for items).
  if (ncms.length === 0) return { form: deal.cod_form ?? deal.cod_automotive_form };
  const automotive = ncms.map((ncm) => isAutomotive(deal.cod_automotive_ncm, ncm));
  const first = (wanted: boolean) => automotive.indexOf(wanted);
  if (automotive.every(Boolean)) return { form: deal.cod_automotive_form };
  const other = first(false);
  if (!deal.cod_form) {
    return {
      refusal: `Sob o ${deal.abbreviation}, só os bens automotivos (lista automotiva do acordo) têm formulário COD; o item ${other + 1} (NCM ${ncmText(ncms[other] ?? '')}) não é automotivo: emita este certificado em papel.`,
    };
  }
  if (first(true) >= 0) {
    return {
      refusal: `Sob o ${deal.abbreviation}, os bens automotivos vão no Form${deal.cod_automotive_form} e os demais no Form${deal.cod_form}: o item ${first(true) + 1} é automotivo e o item ${other + 1} não. Separe-os em dois certificados.`,
    };
  }
  return { form: deal.cod_form };
}
