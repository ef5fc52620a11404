import { describe, expect, it } from 'vitest';
import {
  advocacyCategories,
  banks,
  brandText,
  findBank,
  findLga,
  findState,
  formatDate,
  formatNaira,
  nubanCheckDigitMatches,
  states,
  stripHtml,
  truncate,
} from './index.ts';

describe('formatting', () => {
  it('formats naira en-NG without decimals', () => {
    expect(formatNaira(150000)).toBe('₦150,000');
    expect(formatNaira(999.6)).toBe('₦1,000');
    expect(formatNaira(0)).toBe('₦0');
  });

  it('formats dates as DD MMMM YYYY in Lagos time', () => {
    expect(formatDate('2025-03-05T10:00:00Z')).toBe('05 March 2025');
    // 23:30 UTC on 31 December is already 1 January in Lagos (UTC+1).
    expect(formatDate(new Date('2024-12-31T23:30:00Z'))).toBe('01 January 2025');
  });

  it('truncates with an ellipsis only when the text is longer', () => {
    expect(truncate('short', 80)).toBe('short');
    expect(truncate('a'.repeat(81), 80)).toBe(`${'a'.repeat(80)}...`);
    expect(truncate('exactly ten', 11)).toBe('exactly ten');
  });

  it('strips HTML to plain text', () => {
    expect(stripHtml('<p>Hello&nbsp;<b>world</b> &amp; friends</p>')).toBe('Hello world & friends');
  });
});

describe('brand', () => {
  it('puts the product word in', () => {
    expect(brandText('{product} Rights')).toBe('Patient Rights');
    expect(advocacyCategories).toContain('Patient Rights');
  });
});

describe('reference data', () => {
  it('has the 36 states, the FCT and 774 LGAs', () => {
    expect(states).toHaveLength(37);
    expect(states.reduce((sum, state) => sum + state.lgas.length, 0)).toBe(774);
  });

  it('finds states by name or alias in any case', () => {
    expect(findState('abuja')?.name).toBe('Federal Capital Territory');
    expect(findState('LAGOS')?.name).toBe('Lagos');
    expect(findState('akwa_ibom')?.name).toBe('Akwa Ibom');
    expect(findState('Akwa Ibom')?.alias).toBe('akwa_ibom');
    expect(findState('Atlantis')).toBeUndefined();
  });

  it('finds an LGA only within its state', () => {
    const lagos = findState('lagos');
    const kogi = findState('kogi');
    if (!lagos || !kogi) throw new Error('missing states');
    expect(findLga(lagos, 'surulere')).toBe('Surulere');
    expect(findLga(lagos, 'Bassa')).toBeUndefined();
    expect(findLga(kogi, 'bassa')).toBe('Bassa');
  });

  it('has the banks with Paystack codes', () => {
    expect(banks.length).toBe(111);
    expect(findBank('044')?.name).toBe('Access Bank');
    expect(new Set(banks.map((bank) => bank.code)).size).toBe(banks.length);
  });

  it('checks the NUBAN check digit', () => {
    expect(nubanCheckDigitMatches('011', '0000014579')).toBe(true);
    expect(nubanCheckDigitMatches('011', '0000000220')).toBe(true);
    expect(nubanCheckDigitMatches('011', '0000014578')).toBe(false);
    expect(nubanCheckDigitMatches('011', '12345')).toBe(false);
  });
});
