import { awardYears } from '@ipatient/contracts/constants';
import { describe, expect, it } from 'vitest';
import { awards, filterAwards, parseAwardCategory, parseAwardYear } from './awards-data.ts';

describe('sample awards', () => {
  it('has 10 awards for 2024 in All Category, half in each category', () => {
    expect(filterAwards(2024, 'all')).toHaveLength(10);
    expect(filterAwards(2024, 'category-1')).toHaveLength(5);
    expect(filterAwards(2024, 'category-2')).toHaveLength(5);
  });

  it('gives every year and category a set of its own', () => {
    for (const year of awardYears) {
      for (const category of ['category-1', 'category-2'] as const) {
        const found = filterAwards(year, category);
        expect(found.length).toBeGreaterThan(0);
        expect(found.every((award) => award.year === year && award.category === category)).toBe(
          true,
        );
      }
    }
    expect(new Set(awards.map((award) => award.id)).size).toBe(awards.length);
  });

  it('names three different nominees on every card', () => {
    for (const award of awards) {
      expect(new Set(award.nominees).size).toBe(3);
      expect(award.nominees.every((name) => name.length > 0)).toBe(true);
    }
  });

  it('reads the filters from the address, falling back to 2024 and All Category', () => {
    expect(parseAwardYear('2022')).toBe(2022);
    expect(parseAwardYear('2019')).toBe(2024);
    expect(parseAwardYear(null)).toBe(2024);
    expect(parseAwardCategory('category-2')).toBe('category-2');
    expect(parseAwardCategory('nonsense')).toBe('all');
  });
});
