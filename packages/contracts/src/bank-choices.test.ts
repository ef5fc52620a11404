import { describe, expect, it } from 'vitest';
import { bankChoiceGroups, bankMatches, mostUsedBankCodes } from './bank-choices.ts';
import { banks, findBank } from './reference.ts';

describe('bank choices', () => {
  it('names only banks of the bank list as most used', () => {
    for (const code of mostUsedBankCodes) expect(findBank(code), code).toBeDefined();
  });

  it('offers the most used banks first, then every other bank A–Z, each once', () => {
    const { mostUsed, others } = bankChoiceGroups(banks);
    expect(mostUsed.map((bank) => bank.code)).toEqual([...mostUsedBankCodes]);
    expect(mostUsed.length + others.length).toBe(banks.length);
    const names = others.map((bank) => bank.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
  });

  it('filters by name or another name, ignoring case and spaces, and keeps the chosen bank', () => {
    const gtb = { name: 'Guaranty Trust Bank', code: '058' };
    expect(bankMatches(gtb, 'gtbank')).toBe(true);
    expect(bankMatches(gtb, 'guaranty  TRUST')).toBe(true);
    expect(bankMatches(gtb, 'zenith')).toBe(false);
    const { mostUsed, others } = bankChoiceGroups(banks, 'uba', '057');
    expect(mostUsed.map((bank) => bank.name)).toEqual(['Zenith Bank', 'United Bank For Africa']);
    expect(others).toEqual([]);
  });
});
