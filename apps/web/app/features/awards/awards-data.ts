import { awardYears } from '@ipatient/contracts/constants';

/** SPEC §2: the category filter's options; 'all' shows both categories. */
export const awardCategories = [
  { value: 'all', label: 'All Category' },
  { value: 'category-1', label: 'Category 1' },
  { value: 'category-2', label: 'Category 2' },
] as const;

export type AwardCategory = 'category-1' | 'category-2';
export type AwardCategoryFilter = (typeof awardCategories)[number]['value'];
export type AwardYear = (typeof awardYears)[number];

/** One sample award (SPEC §2: placeholder cards; the data is fictional). */
export interface Award {
  id: string;
  year: AwardYear;
  category: AwardCategory;
  title: string;
  description: string;
  nominees: readonly string[];
}

/** Category 1 honours places and programmes; Category 2 honours people. */
const titles: Record<AwardCategory, readonly { title: string; description: string }[]> = {
  'category-1': [
    {
      title: 'Outstanding Primary Health Centre',
      description: 'A health centre that made good everyday care easy to reach for its community.',
    },
    {
      title: 'Best Patient Experience',
      description: 'A hospital where patients felt listened to, informed and treated with respect.',
    },
    {
      title: 'Community Outreach Programme of the Year',
      description:
        'A programme that took screening and health education to the people who need it.',
    },
    {
      title: 'Excellence in Maternal and Newborn Care',
      description: 'Safe, kind care for mothers and babies, before, during and after birth.',
    },
    {
      title: 'Most Accessible Pharmacy',
      description: 'A pharmacy that helped patients understand and afford their medicines.',
    },
  ],
  'category-2': [
    {
      title: 'Nurse of the Year',
      description: 'A nurse whose skill and compassion made a lasting difference to patients.',
    },
    {
      title: 'Community Health Worker of the Year',
      description: 'A health worker who brought care and information to homes and markets.',
    },
    {
      title: 'Patient Advocate of the Year',
      description: 'A volunteer who helped patients understand their rights and be heard.',
    },
    {
      title: 'Young Health Champion',
      description: 'A young person under 30 who inspired their peers to look after their health.',
    },
    {
      title: 'Lifetime Contribution to Public Health',
      description: 'A career spent improving the health of communities across Nigeria.',
    },
  ],
};

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

/** How many awards each category had that year: the awards grew from 2 to 5 a category. */
const awardsPerCategory: Record<AwardYear, number> = { 2021: 2, 2022: 3, 2023: 4, 2024: 5 };

function nomineesFor(category: AwardCategory, yearIndex: number, index: number): string[] {
  const pool = nomineePools[category];
  const start = (index * 3 + yearIndex * 5) % pool.length;
  return [0, 1, 2].map((offset) => pool[(start + offset) % pool.length] ?? '');
}

/** Every sample award, newest year first. */
export const awards: readonly Award[] = [...awardYears].reverse().flatMap((year) =>
  (['category-1', 'category-2'] as const).flatMap((category) =>
    titles[category].slice(0, awardsPerCategory[year]).map((entry, index) => ({
      id: `${year}-${category}-${index + 1}`,
      year,
      category,
      title: entry.title,
      description: entry.description,
      nominees: nomineesFor(category, awardYears.indexOf(year), index),
    })),
  ),
);

export function categoryLabel(category: AwardCategoryFilter): string {
  return awardCategories.find((option) => option.value === category)?.label ?? 'All Category';
}

/** A year from the address: the latest when missing or unknown. */
export function parseAwardYear(value: string | null): AwardYear {
  const year = Number(value);
  return (awardYears as readonly number[]).includes(year)
    ? (year as AwardYear)
    : (awardYears[awardYears.length - 1] ?? 2024);
}

/** A category from the address: 'all' when missing or unknown. */
export function parseAwardCategory(value: string | null): AwardCategoryFilter {
  return awardCategories.find((option) => option.value === value)?.value ?? 'all';
}

/** The awards of a year, in one category or both (Category 1 first). */
export function filterAwards(year: AwardYear, category: AwardCategoryFilter): Award[] {
  return awards.filter(
    (award) => award.year === year && (category === 'all' || award.category === category),
  );
}
