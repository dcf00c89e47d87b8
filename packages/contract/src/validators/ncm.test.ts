import { describe, expect, it } from 'vitest';
import { formatNcm, isNcmNode, isValidNcm, sameNcm, unmaskNcm } from './ncm';

describe('NCM', () => {
  it('accepts 8 digits, masked or not', () => {
    expect(isValidNcm('84089090')).toBe(true);
    expect(isValidNcm('8408.90.90')).toBe(true);
    expect(isValidNcm(' 8408 90 90 ')).toBe(true);
    expect(isValidNcm('0101.21.00')).toBe(true);
  });

  it('refuses other lengths, letters and empty values', () => {
    expect(isValidNcm('8408909')).toBe(false);
    expect(isValidNcm('840890901')).toBe(false);
    expect(isValidNcm('0101.2x.00')).toBe(false);
    expect(isValidNcm('8408/90/90')).toBe(false);
    expect(isValidNcm('')).toBe(false);
  });

  it('removes only the mask, so a letter is never dropped silently', () => {
    expect(unmaskNcm('8408.90.90')).toBe('84089090');
    expect(unmaskNcm('0101.2x')).toBe('01012x');
  });

  it('compares digits only', () => {
    expect(sameNcm('8408.90.90', '84089090')).toBe(true);
    expect(sameNcm('8408.90.90', '84089010')).toBe(false);
  });

  it('formats with the mask 0000.00.00 as far as the code goes', () => {
    expect(formatNcm('84089090')).toBe('8408.90.90');
    expect(formatNcm('8408.90.90')).toBe('8408.90.90');
    expect(formatNcm('84')).toBe('84');
    expect(formatNcm('8408')).toBe('8408');
    expect(formatNcm('84089')).toBe('8408.9');
    expect(formatNcm('840890')).toBe('8408.90');
    expect(formatNcm('8408909')).toBe('8408.90.9');
    expect(formatNcm('abc')).toBe('abc');
  });

  it('knows the lengths of the nodes of the tree', () => {
    expect(['84', '8408', '84089', '840890', '8408909', '84089090'].every(isNcmNode)).toBe(true);
    expect(isNcmNode('840')).toBe(false);
    expect(isNcmNode('8')).toBe(false);
    expect(isNcmNode('84x')).toBe(false);
  });
});
