import { roleInputSchema } from '@origem/contract/schemas/roles';
import { describe, expect, it } from 'vitest';
import { SLUG_MAX, slugWhileTyping, suggestSlug } from './slug';

describe('suggestSlug', () => {
  it('turns a Portuguese label into a valid identifier', () => {
    expect(suggestSlug('Analista Sênior')).toBe('analista_senior');
    expect(suggestSlug('  Associação Comercial (SP) ')).toBe('associacao_comercial_sp');
    expect(suggestSlug('Fiscal - Exportação/Importação')).toBe('fiscal_exportacao_importacao');
    expect(suggestSlug('Nível 2')).toBe('nivel_2');
  });

  it('gives nothing for a label without letters or digits', () => {
    expect(suggestSlug('')).toBe('');
    expect(suggestSlug(' — ! ')).toBe('');
  });

  it('never exceeds the limit nor ends with "_" after cutting', () => {
    const slug = suggestSlug(`${'a'.repeat(59)} b c`);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug.endsWith('_')).toBe(false);
  });

  it('suggestions pass the contract rule', () => {
    for (const label of ['Perfil Ção', 'Operador de Certificados 2', 'ÁÉÍÓÚ çã'])
      expect(roleInputSchema.shape.name.safeParse(suggestSlug(label)).success, label).toBe(true);
  });
});

describe('slugWhileTyping', () => {
  it('keeps only what a slug may hold, without trimming the "_" being typed', () => {
    expect(slugWhileTyping('Analista ')).toBe('analista_');
    expect(slugWhileTyping('Gestão-Fiscal')).toBe('gestao_fiscal');
    expect(slugWhileTyping('perfil.novo!')).toBe('perfilnovo');
    expect(slugWhileTyping('a'.repeat(80))).toHaveLength(SLUG_MAX);
  });
});
