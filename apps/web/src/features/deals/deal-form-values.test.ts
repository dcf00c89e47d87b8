import type { DealDetail } from '@origem/contract/schemas/deals';
import { describe, expect, it } from 'vitest';
import { dealFormDefaults, dealFormSchema, normsChanged, splitDealForm } from './deal-form-values';

const stored = [
  { id: 1, name: 'Regime de origem', legal_text: 'Art. 1º' },
  { id: 2, name: 'Acumulação', legal_text: null },
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
      countries: [{ id: 7, code: 'AR', name: 'Argentina' }],
      norms: stored,
    } as unknown as DealDetail;
    const values = dealFormDefaults(deal);
    expect(values.country_ids).toEqual([7]);
    expect(values.norms).toEqual([
      { id: 1, name: 'Regime de origem', legal_text: 'Art. 1º' },
      { id: 2, name: 'Acumulação', legal_text: '' },
    ]);
    const parsed = dealFormSchema.parse(values);
    const { deal: input, norms } = splitDealForm(parsed);
    expect(input).not.toHaveProperty('norms');
    expect(input).toMatchObject({ abbreviation: 'ACE-18', country_ids: [7], form: null });
    expect(normsChanged(stored, norms)).toBe(false);
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
      { id: 2, name: 'Acumulação', legal_text: null },
      { id: 1, name: 'Regime de origem', legal_text: 'Art. 1º' },
    ];
    expect(normsChanged(stored, same)).toBe(false);
    expect(normsChanged(stored, [...same, { name: 'Nova', legal_text: null }])).toBe(true);
    expect(normsChanged(stored, same.slice(0, 1))).toBe(true);
    expect(normsChanged(stored, [same[0], { ...same[1], name: 'Regime' }] as typeof same)).toBe(true);
    expect(normsChanged(stored, [same[0], { ...same[1], legal_text: 'Art. 2º' }] as typeof same)).toBe(true);
  });

  it('refuses two norms with the same name, on the later row', () => {
    const result = dealFormSchema.safeParse({
      ...dealFormDefaults(),
      abbreviation: 'ACE-99',
      name: 'Teste',
      classification_type: 'NCM',
      norms: [{ name: 'Regime' }, { name: 'REGIME ' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['norms.1.name', 'Já existe uma norma com este nome neste acordo.'],
    ]);
  });
});
