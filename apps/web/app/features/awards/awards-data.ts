import { siteContentLimits, type TAwardsContent } from '@ipatient/contracts/site-content';

/** The category filter's values in the address; the names come from the site content. */
export const awardCategoryValues = ['category-1', 'category-2'] as const;

export type AwardCategory = (typeof awardCategoryValues)[number];
export type AwardCategoryFilter = 'all' | AwardCategory;

/** One sample award (the awards page is a placeholder: the nominees are examples). */
export interface Award {
  id: string;
  year: number;
  category: AwardCategory;
  /** The category's name as the site content gives it ("Category 1"). */
  categoryName: string;
  title: string;
  description: string;
  nominees: readonly string[];
}

/** The last year the sample nominees cover; a later awards year has none yet. */
const lastSampleYear = 2024;

const nomineePools: Record<AwardCategory, readonly string[]> = {
  'category-1': [
    'Ikeja Family Health Centre, Lagos',
    'Gwarinpa Primary Health Care Centre, Abuja',
    'Nassarawa Community Clinic, Kano',
    'Rumuokoro Health Post, Port Harcourt',
    'Ogbomoso Mission Hospital, Oyo',
    'Asokoro Women and Children Clinic, Abuja',
    'Ariaria Market Health Outreach, Aba',
    'Bodija Community Pharmacy, Ibadan',
    'Jos North Maternity Home, Plateau',
    'Calabar Harbour Medical Centre, Cross River',
    'Sabon Gari Health Education Project, Zaria',
    'New Haven Family Clinic, Enugu',
  ],
  'category-2': [
    'Nurse Blessing Okoro, Owerri',
    'Mallam Yakubu Sani, Katsina',
    'Mrs. Funmilayo Ajayi, Abeokuta',
    'Dr. Chukwuemeka Ibe, Enugu',
    'Ms. Amina Garba, Maiduguri',
    'Mr. Efosa Osagie, Benin City',
    'Nurse Grace Akpan, Uyo',
    'Ms. Temitope Ogunleye, Lagos',
    'Dr. Hadiza Abdullahi, Kano',
    'Mr. Ifeanyi Nnaji, Nsukka',
    'Mrs. Rebecca Dauda, Makurdi',
    'Ms. Kemi Balogun, Ilorin',
  ],
};

function nomineesFor(category: AwardCategory, yearIndex: number, index: number): string[] {
  const pool = nomineePools[category];
  const start = (index * 3 + yearIndex * 5) % pool.length;
  return [0, 1, 2].map((offset) => pool[(start + offset) % pool.length] ?? '');
}

/** The years of the year filter, newest first: the first awards year to the latest one. */
export function awardYearsOf(content: TAwardsContent): number[] {
  const years: number[] = [];
  for (let year = content.year; year >= siteContentLimits.awardFirstYear; year--) years.push(year);
  return years;
}

/** The category filter's options: both categories, or one of them by its name. */
export function awardCategoryOptions(
  content: TAwardsContent,
): { value: AwardCategoryFilter; label: string }[] {
  return [
    { value: 'all', label: 'All Category' },
    ...awardCategoryValues.map((value, index) => ({
      value,
      label: content.categories[index]?.name ?? value,
    })),
  ];
}

export function categoryLabel(content: TAwardsContent, category: AwardCategoryFilter): string {
  return awardCategoryOptions(content).find((option) => option.value === category)?.label ?? '';
}

/**
 * Every sample award, newest year first. The awards grew by one a category each year: the last
 * sample year has every title, the year before one fewer, and so on (at least one). A year
 * after the sample years has no nominees yet.
 */
export function allAwards(content: TAwardsContent): Award[] {
  return awardYearsOf(content).flatMap((year) =>
    awardCategoryValues.flatMap((category, categoryIndex) => {
      if (year > lastSampleYear) return [];
      const entry = content.categories[categoryIndex];
      if (!entry) return [];
      const count = Math.max(1, entry.awards.length - (lastSampleYear - year));
      return entry.awards.slice(0, count).map((award, index) => ({
        id: `${year}-${category}-${index + 1}`,
        year,
        category,
        categoryName: entry.name,
        title: award.title,
        description: award.description,
        nominees: nomineesFor(category, year - siteContentLimits.awardFirstYear, index),
      }));
    }),
  );
}

/** A year from the address: the latest when missing or not one of the awards' years. */
export function parseAwardYear(content: TAwardsContent, value: string | null): number {
  const year = Number(value);
  return awardYearsOf(content).includes(year) ? year : content.year;
}

/** A category from the address: 'all' when missing or unknown. */
export function parseAwardCategory(value: string | null): AwardCategoryFilter {
  return awardCategoryValues.find((option) => option === value) ?? 'all';
}

/** The awards of a year, in one category or both (the first category first). */
export function filterAwards(
  content: TAwardsContent,
  year: number,
  category: AwardCategoryFilter,
): Award[] {
  return allAwards(content).filter(
    (award) => award.year === year && (category === 'all' || award.category === category),
  );
}
