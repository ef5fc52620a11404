import { describe, expect, it } from 'vitest';
import { containsPattern, prefixQuery } from './search.ts';

describe('containsPattern', () => {
  it('takes %, _ and \\ literally', () => {
    expect(containsPattern('50% off_x\\')).toBe('%50\\% off\\_x\\\\%');
    expect(containsPattern('Lagos')).toBe('%Lagos%');
  });
});

describe('prefixQuery', () => {
  it('keeps letters and digits of any script, as prefixes, at most 8 words', () => {
    expect(prefixQuery("Sickle cel: Ọmọ's care")).toBe('sickle:* & cel:* & ọmọ:* & s:* & care:*');
    expect(prefixQuery('a b c d e f g h i j')?.split(' & ')).toHaveLength(8);
    expect(prefixQuery(' -- ')).toBeUndefined();
  });
});
