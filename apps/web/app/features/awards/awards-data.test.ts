import { defaultSiteContent, type TAwardsContent } from '@ipatient/contracts/site-content';
import { describe, expect, it } from 'vitest';
import {
  allAwards,
  awardCategoryOptions,
  awardYearsOf,
  categoryLabel,
  filterAwards,
  parseAwardCategory,
  parseAwardYear,
} from './awards-data.ts';

const content = defaultSiteContent.awards;

describe('sample awards', () => {
  it('has 10 awards for 2024 in All Category, half in each category', () => {
    expect(filterAwards(content, 2024, 'all')).toHaveLength(10);
    expect(filterAwards(content, 2024, 'category-1')).toHaveLength(5);
    expect(filterAwards(content, 2024, 'category-2')).toHaveLength(5);
  });

  it('gives every year and category a set of its own', () => {
    for (const year of awardYearsOf(content)) {
      for (const category of ['category-1', 'category-2'] as const) {
        const found = filterAwards(content, year, category);
        expect(found.length).toBeGreaterThan(0);
        expect(found.every((award) => award.year === year && award.category === category)).toBe(
          true,
        );
      }
    }
    const awards = allAwards(content);
    expect(new Set(awards.map((award) => award.id)).size).toBe(awards.length);
  });

  it('names three different nominees on every card', () => {
    for (const award of allAwards(content)) {
      expect(new Set(award.nominees).size).toBe(3);
      expect(award.nominees.every((name) => name.length > 0)).toBe(true);
    }
  });

  it('reads the filters from the address, falling back to the latest year and All Category', () => {
    expect(parseAwardYear(content, '2022')).toBe(2022);
    expect(parseAwardYear(content, '2019')).toBe(2024);
    expect(parseAwardYear(content, null)).toBe(2024);
    expect(parseAwardCategory('category-2')).toBe('category-2');
    expect(parseAwardCategory('nonsense')).toBe('all');
  });
});

describe('awards from the site content', () => {
  const edited: TAwardsContent = {
    year: 2026,
    categories: [
      { name: 'Places and programmes', awards: [{ title: 'Clinic of the Year', description: '' }] },
      { ...content.categories[1], name: 'People' } as TAwardsContent['categories'][number],
    ],
  };

  it('takes the latest year and the category names an admin set', () => {
    expect(awardYearsOf(edited)).toEqual([2026, 2025, 2024, 2023, 2022, 2021]);
    expect(parseAwardYear(edited, null)).toBe(2026);
    expect(awardCategoryOptions(edited).map((option) => option.label)).toEqual([
      'All Category',
      'Places and programmes',
      'People',
    ]);
    expect(categoryLabel(edited, 'category-2')).toBe('People');
    const [first] = filterAwards(edited, 2024, 'category-1');
    expect(first).toMatchObject({
      title: 'Clinic of the Year',
      categoryName: 'Places and programmes',
    });
  });

  it('shows no nominees for a year after the sample years', () => {
    expect(filterAwards(edited, 2026, 'all')).toEqual([]);
    expect(filterAwards(edited, 2025, 'all')).toEqual([]);
  });
});
