import { describe, expect, it } from 'vitest';
import { decimalPtMessages, formatDecimalPtBr, parseDecimalPtBr, tidyDecimalPtBr } from './decimal-pt';

const value = (text: string, places: number) => {
  const parsed = parseDecimalPtBr(text, places);
  return parsed.ok ? parsed.value : `refused: ${parsed.reason}`;
};
const reason = (text: string, places: number) => {
  const parsed = parseDecimalPtBr(text, places);
  return parsed.ok ? `accepted: ${parsed.value}` : parsed.reason;
};

describe('parseDecimalPtBr', () => {
  it.each([
    ['25.920', 3, '25920.000'],
    ['24.000', 3, '24000.000'],
    ['25920', 3, '25920.000'],
    ['25,92', 3, '25.920'],
    ['25,920', 3, '25.920'],
    ['1.234,56', 2, '1234.56'],
    ['1.234.567,5', 2, '1234567.50'],
    ['1234,5', 2, '1234.50'],
    ['1234567', 2, '1234567.00'],
    ['0,5', 3, '0.500'],
    [',5', 2, '0.50'],
    ['25,', 3, '25.000'],
    ['0', 2, '0.00'],
    ['007', 3, '7.000'],
    ['  1.000,5  ', 3, '1000.500'],
    ['12,50', 2, '12.50'],
    ['1,2300', 2, '1.23'],
    ['3.650', 0, '3650'],
    ['120', 0, '120'],
    ['5,0', 0, '5'],
    ['999.999.999.999,99', 2, '999999999999.99'],
  ])('reads %s (%i places) as %s', (text, places, expected) => {
    expect(value(text, places)).toBe(expected);
  });

  it.each([
    ['25.92', 3],
    ['2.5', 3],
    ['1234.56', 2],
    ['1.23.4', 2],
    ['1.2345', 2],
    ['1234.567', 3],
    ['0.500', 3],
    ['.5', 2],
    ['1.', 2],
    ['1..234', 2],
    ['1,234.56', 2],
    ['1,234,56', 2],
    ['1.234,5.6', 2],
  ])('refuses the ambiguous or malformed %s instead of guessing', (text, places) => {
    expect(reason(text, places)).toBe(decimalPtMessages.separators);
  });

  it('refuses more decimals than the field keeps, saying how many it keeps', () => {
    expect(reason('1,234', 2)).toBe('Use no máximo 2 casas decimais.');
    expect(reason('25,9201', 3)).toBe('Use no máximo 3 casas decimais.');
    expect(reason('1,5', 1)).toBe('accepted: 1.5');
    expect(reason('1,55', 1)).toBe('Use no máximo 1 casa decimal.');
    expect(reason('1,5', 0)).toBe(decimalPtMessages.integer);
  });

  it('refuses letters, other symbols, signs and blanks', () => {
    expect(reason('12kg', 3)).toBe(decimalPtMessages.characters);
    expect(reason('R$ 10,00', 2)).toBe(decimalPtMessages.characters);
    expect(reason('1e3', 2)).toBe(decimalPtMessages.characters);
    expect(reason('25 920', 3)).toBe(decimalPtMessages.characters);
    expect(reason('-5', 2)).toBe(decimalPtMessages.negative);
    expect(reason('+5', 2)).toBe(decimalPtMessages.characters);
    expect(reason('', 2)).toBe(decimalPtMessages.empty);
    expect(reason('   ', 2)).toBe(decimalPtMessages.empty);
    expect(reason(',', 2)).toBe(decimalPtMessages.empty);
  });

  it('says in Portuguese how to write it', () => {
    expect(decimalPtMessages.separators).toBe(
      'Use vírgula para os decimais e ponto para os milhares (ex.: 1.234,56).',
    );
  });
});

describe('formatDecimalPtBr', () => {
  it.each([
    ['25920.000', 3, '25.920,000'],
    ['25920', 3, '25.920,000'],
    ['25.92', 3, '25,920'],
    ['1234.56', 2, '1.234,56'],
    ['1234.5', 2, '1.234,50'],
    ['0.50', 2, '0,50'],
    ['1000000.000', 3, '1.000.000,000'],
    ['999', 2, '999,00'],
    ['3650', 0, '3.650'],
    ['1.2345', 2, '1,2345'],
    ['-1234.5', 2, '-1.234,50'],
  ])('shows %s with %i places as %s', (canonical, places, expected) => {
    expect(formatDecimalPtBr(canonical, places)).toBe(expected);
  });

  it('formats numbers with the field’s decimals', () => {
    expect(formatDecimalPtBr(1234.5, 2)).toBe('1.234,50');
    expect(formatDecimalPtBr(45, 2)).toBe('45,00');
    expect(formatDecimalPtBr(0, 3)).toBe('0,000');
  });

  it('gives back what is not a plain decimal', () => {
    expect(formatDecimalPtBr('abc', 2)).toBe('abc');
    expect(formatDecimalPtBr('1,5', 2)).toBe('1,5');
  });

  it('round-trips every value it formats', () => {
    for (const canonical of ['0.000', '1.500', '25920.000', '1234567.891', '999999999999.999']) {
      expect(value(formatDecimalPtBr(canonical, 3), 3)).toBe(canonical);
    }
  });
});

describe('tidyDecimalPtBr', () => {
  it('rewrites what parses in the field’s format and leaves the rest as typed', () => {
    expect(tidyDecimalPtBr('25920', 3)).toBe('25.920,000');
    expect(tidyDecimalPtBr('1234,5', 2)).toBe('1.234,50');
    expect(tidyDecimalPtBr('25.92', 3)).toBe('25.92');
    expect(tidyDecimalPtBr('  ', 3)).toBe('');
  });
});
