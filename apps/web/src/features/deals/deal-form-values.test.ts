import type { DealDetail } from '@origem/contract/schemas/deals';
import { describe, expect, it } from 'vitest';
import { dealFormDefaults, dealFormSchema, normsChanged, splitDealForm } from './deal-form-values';

const period = { non_originating_ceiling_percent: null, valid_from: null, valid_until: null };
const stored = [
  { id: 1, name: 'Regime de origem', legal_text: 'Art. 1º', ...period },
  { id: 2, name: 'Acumulação', legal_text: null, ...period },
];

describe('deal form values', () => {
  it('starts a new deal with the usual validities, active, without countries or norms', () => {
    // The numbers as the form shows them: pt-BR text.
    expect(dealFormDefaults()).toMatchObject({
      declaration_validity_days: '180',
      certificate_validity_months: '12',
      non_originating_ceiling_percent: '40,00',
      active: true,
      accepts_digital: false,
      cod_form: null,
      cod_automotive_form: null,
      cod_automotive_ncm: [],
      cod_versions: [],
      country_ids: [],
      norms: [],
    });
  });

  it('edits a stored deal: partner country ids and norms with their ids (blank legal text as "")', () => {
    const deal = {
      abbreviation: 'ACE-18',
      name: 'MERCOSUL',
      aladi_acronym: 'A18',
      form: null,
      classification_type: 'NCM',
      accepts_digital: true,
      declaration_validity_days: 180,
      certificate_validity_months: 12,
      active: true,
      cod_form: 'A18',
      cod_automotive_form: null,
      cod_automotive_ncm: [],
      cod_versions: [{ version: '1.8.3', valid_from: '2021-12-01' }],
      countries: [{ id: 7, code: 'AR', name: 'Argentina' }],
      norms: [
        ...stored,
        {
          ...stored[0],
          id: 3,
          name: 'Regime anterior',
          valid_until: '2024-07-17',
          non_originating_ceiling_percent: '40.00',
        },
      ],
    } as unknown as DealDetail;
    const values = dealFormDefaults(deal);
    expect(values.country_ids).toEqual([7]);
    expect(values.norms).toEqual([
      {
        id: 1,
        name: 'Regime de origem',
        legal_text: 'Art. 1º',
        ...period,
        non_originating_ceiling_percent: '',
      },
      { id: 2, name: 'Acumulação', legal_text: '', ...period, non_originating_ceiling_percent: '' },
      {
        id: 3,
        name: 'Regime anterior',
        legal_text: 'Art. 1º',
        non_originating_ceiling_percent: '40,00',
        valid_from: null,
        valid_until: '2024-07-17',
      },
    ]);
    const parsed = dealFormSchema.parse(values);
    const { deal: input, norms } = splitDealForm(parsed);
    expect(input).not.toHaveProperty('norms');
    expect(input).toMatchObject({ abbreviation: 'ACE-18', country_ids: [7], form: null });
    expect(normsChanged(deal.norms, norms)).toBe(false);
    expect(input.cod_versions).toEqual([{ version: '1.8.3', valid_from: '2021-12-01' }]);
  });

  it('runs the COD settings’ rules before the server: acronym, form and version when digital; A74 not in 1.8.3', () => {
    const base = { ...dealFormDefaults(), abbreviation: 'ACE-99', name: 'Teste', classification_type: 'NCM' };
    const bare = dealFormSchema.safeParse({ ...base, accepts_digital: true });
    expect(bare.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'aladi_acronym',
      'cod_form',
      'cod_versions',
    ]);
    const a74 = dealFormSchema.safeParse({
      ...base,
      aladi_acronym: 'a74',
      accepts_digital: true,
      cod_form: 'A18',
      cod_versions: [{ version: '1.8.3', valid_from: '2025-12-01' }],
    });
    expect(a74.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['cod_versions.0.version', 'A versão 1.8.3 do COD não inclui o acordo A74: escolha outra versão.'],
    ]);
  });

  it('reads the validities and the ceiling pt-BR, and refuses an ambiguous one in place', () => {
    const base = { ...dealFormDefaults(), abbreviation: 'ACE-99', name: 'Teste', classification_type: 'NCM' };
    const parsed = dealFormSchema.parse({
      ...base,
      declaration_validity_days: '3.650',
      non_originating_ceiling_percent: '12,5',
    });
    expect(parsed).toMatchObject({
      declaration_validity_days: 3650,
      non_originating_ceiling_percent: '12.50',
    });
    const result = dealFormSchema.safeParse({
      ...base,
      declaration_validity_days: '1.80',
      certificate_validity_months: '1,5',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['declaration_validity_days', 'Use vírgula para os decimais e ponto para os milhares (ex.: 1.234,56).'],
      ['certificate_validity_months', 'Informe um número inteiro, sem casas decimais.'],
    ]);
  });

  it('sees added, removed, renamed and re-worded norms, but not a new order', () => {
    const same = [
      { id: 2, name: 'Acumulação', legal_text: null, ...period },
      { id: 1, name: 'Regime de origem', legal_text: 'Art. 1º', ...period },
    ];
    expect(normsChanged(stored, same)).toBe(false);
    expect(normsChanged(stored, [...same, { name: 'Nova', legal_text: null, ...period }])).toBe(true);
    expect(normsChanged(stored, [same[0], { ...same[1], valid_until: '2024-07-17' }] as typeof same)).toBe(
      true,
    );
    expect(normsChanged(stored, same.slice(0, 1))).toBe(true);
    expect(normsChanged(stored, [same[0], { ...same[1], name: 'Regime' }] as typeof same)).toBe(true);
    expect(normsChanged(stored, [same[0], { ...same[1], legal_text: 'Art. 2º' }] as typeof same)).toBe(true);
  });

  it('refuses two norms with the same name in force on a same day, on the later row; versions that do not meet pass', () => {
    const result = dealFormSchema.safeParse({
      ...dealFormDefaults(),
      abbreviation: 'ACE-99',
      name: 'Teste',
      classification_type: 'NCM',
      norms: [{ name: 'Regime' }, { name: 'REGIME ' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['norms.1.name', 'Já existe uma norma com este nome neste acordo no mesmo período de vigência.'],
    ]);
    const versions = dealFormSchema.safeParse({
      ...dealFormDefaults(),
      abbreviation: 'ACE-99',
      name: 'Teste',
      classification_type: 'NCM',
      norms: [
        { name: 'Regime', valid_until: '2024-07-17', non_originating_ceiling_percent: '40,00' },
        { name: 'REGIME', valid_from: '2024-07-18', non_originating_ceiling_percent: '45' },
      ],
    });
    expect(versions.success).toBe(true);
    expect(versions.data?.norms.map((n) => n.non_originating_ceiling_percent)).toEqual(['40.00', '45.00']);
  });
});
