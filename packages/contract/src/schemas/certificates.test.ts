import { describe, expect, it } from 'vitest';
import { certificateItemInputSchema, certificateMessages, normalizeQuantity } from './certificates';

describe('quantities as the API keeps them (strings with 3 places)', () => {
  it.each([
    // Machine forms (ERPs): a number, or a dot as the decimal point.
    [25.92, '25.920'],
    ['25.92', '25.920'],
    ['1234.5', '1234.500'],
    ['1000', '1000.000'],
    // pt-BR text with a comma, read strictly.
    ['1.234,5', '1234.500'],
    ['25.920,000', '25920.000'],
    ['0,5', '0.500'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeQuantity(input)).toBe(expected);
  });

  it('refuses pt-BR text whose dots are not thousands separators instead of dropping them', () => {
    const item = { declaration_id: 1, fob_value_usd: '10.00' };
    for (const bad of ['1.23,4', '12.34,5', '1,234.5', '1,2345']) {
      const parsed = certificateItemInputSchema.safeParse({ ...item, quantity: bad });
      expect(parsed.error?.issues[0]?.message, bad).toBe(certificateMessages.quantity);
    }
    expect(certificateItemInputSchema.parse({ ...item, quantity: '1.000,5' }).quantity).toBe('1000.500');
  });
});
