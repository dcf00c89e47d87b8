import { describe, expect, it } from 'vitest';
import {
  declarationListQuery,
  declarationMessages,
  materialsField,
  moneyField,
  normalizeDecimal,
  percentField,
} from './declarations';

describe('decimals as the API keeps them (strings with 2 places)', () => {
  it.each([
    ['1234.56', '1234.56'],
    ['1234,5', '1234.50'],
    ['1.234,56', '1234.56'],
    [' 0007 ', '7.00'],
    [12, '12.00'],
    [0.1 + 0.2, '0.30'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeDecimal(input)).toBe(expected);
  });

  it('leaves what it cannot read as it came, so the field fails with its message', () => {
    for (const bad of ['12,345', '1.2.3', '-5', 'dez', 1.234, -1]) {
      expect(moneyField.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(moneyField.safeParse('12,345').error?.issues[0]?.message).toBe(declarationMessages.money);
    expect(moneyField.safeParse(undefined).error?.issues[0]?.message).toBe('Campo obrigatório.');
    expect(moneyField.safeParse('1234567890123').error?.issues[0]?.message).toBe(
      declarationMessages.moneyTooLarge,
    );
    expect(moneyField.parse('123456789012,99')).toBe('123456789012.99');
  });

  it('reads text with a comma strictly as pt-BR: misplaced dots are refused, not dropped', () => {
    for (const bad of ['1.23,4', '12.34,5', '1,234.56', '1.2345,6']) {
      expect(moneyField.safeParse(bad).success, bad).toBe(false);
    }
    expect(moneyField.parse('1.234.567,8')).toBe('1234567.80');
  });

  it('percentages go from 0 to 100', () => {
    expect(percentField.parse('100')).toBe('100.00');
    expect(percentField.parse('0,5')).toBe('0.50');
    expect(percentField.safeParse('100.01').success).toBe(false);
  });
});

describe('materials', () => {
  const material = {
    ncm: '0901.11.10',
    description: 'Café verde',
    origin_country_id: '3',
    cif_value_usd: '5',
    fob_share_percent: '60',
  };

  it('arrive as an array or (multipart) as its JSON text; the NCM mask is removed', () => {
    const parsed = materialsField.parse(JSON.stringify([material]));
    expect(parsed).toEqual([
      {
        ncm: '09011110',
        description: 'Café verde',
        origin_country_id: 3,
        cif_value_usd: '5.00',
        fob_share_percent: '60.00',
      },
    ]);
    expect(materialsField.parse('')).toEqual([]);
    expect(materialsField.safeParse('[{').error?.issues[0]?.message).toBe(
      declarationMessages.materialsInvalid,
    );
  });

  it('their shares of the FOB value add up to 100% at most', () => {
    const result = materialsField.safeParse([material, { ...material, fob_share_percent: '40.01' }]);
    expect(result.error?.issues[0]?.message).toBe(declarationMessages.sharesOver100);
    expect(materialsField.safeParse([material, { ...material, fob_share_percent: '40' }]).success).toBe(true);
  });
});

describe('the list query', () => {
  it('takes product_names_list comma-separated or repeated; ignores a bad status', () => {
    expect(declarationListQuery.parse({ product_names_list: 'café, açúcar ,' }).product_names_list).toEqual([
      'café',
      'açúcar',
    ]);
    expect(
      declarationListQuery.parse({ product_names_list: ['café', 'mel,soja'] }).product_names_list,
    ).toEqual(['café', 'mel', 'soja']);
    expect(declarationListQuery.parse({ declaration_flow_id: 'X', ncm: '6907.90' })).toMatchObject({
      declaration_flow_id: undefined,
      ncm: '690790',
    });
  });
});
