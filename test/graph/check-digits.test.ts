import { describe, expect, it } from 'vitest';
import { innPasses, ogrnPasses, withInnCheckDigit, withOgrnCheckDigit, withPersonInnCheckDigits } from '../../src/graph/check-digits.js';

// Real numbers, their verdicts checked with rigour.ids (the followthemoney library's own check): Sberbank's INN and
// OGRN, a person's INN, an entrepreneur's OGRNIP; each with its last digit changed fails, and so does a number starting with 0 whose check digit is right (0027700132196).
describe('INN and OGRN check digits, as followthemoney checks them', () => {
  it('passes real numbers and fails them with a digit changed, a wrong length or a leading zero', () => {
    expect(['7707083893', '500100732259', '7707083894', '500100732258', '770708389', 'abcdefghij', ''].map(innPasses)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(
      ['1027700132195', '304500116000157', '1027700132196', '0027700132196', '102770013219', '1027700132195 '].map(ogrnPasses),
    ).toEqual([true, true, false, false, false, false]);
  });

  it('completes a number from its body with the digits those checks expect', () => {
    expect(withInnCheckDigit('770708389')).toBe('7707083893');
    expect(withPersonInnCheckDigits('5001007322')).toBe('500100732259');
    expect(withOgrnCheckDigit('102770013219')).toBe('1027700132195');
    expect(withOgrnCheckDigit('30450011600015')).toBe('304500116000157');
  });
});
