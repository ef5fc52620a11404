import { siteContentLimits, type TSiteContent } from '@ipatient/contracts/site-content';

/**
 * The site content form's fields are named by the API's own paths (`timeline.1.items.2.figure`),
 * so its errors land next to the right field. Lists get one blank row more than they hold, so an
 * admin can add an item without JavaScript; a row left blank is dropped when saving.
 */
export const siteContentFields = {
  trustLine: 'heroTrustLine',
  demoNotice: 'demoNotice',
  awardsYear: 'awards.year',
  year: (y: number) => `timeline.${y}.year`,
  label: (y: number) => `timeline.${y}.label`,
  figure: (y: number, i: number) => `timeline.${y}.items.${i}.figure`,
  text: (y: number, i: number) => `timeline.${y}.items.${i}.text`,
  category: (c: number) => `awards.categories.${c}.name`,
  awardTitle: (c: number, a: number) => `awards.categories.${c}.awards.${a}.title`,
  awardDescription: (c: number, a: number) => `awards.categories.${c}.awards.${a}.description`,
} as const;

const F = siteContentFields;
const L = siteContentLimits;

/** How many rows of each list the form shows: what is stored, and one blank row to add. */
export interface SiteContentSlots {
  years: number;
  /** Item rows per year row. */
  items: number[];
  /** Award rows per category (always two categories). */
  awards: [number, number];
}

export function slotsFor(content: TSiteContent): SiteContentSlots {
  const years = Math.min(L.timelineYearsMax, content.timeline.length + 1);
  return {
    years,
    items: Array.from({ length: years }, (_, y) =>
      Math.min(L.timelineItemsMax, (content.timeline[y]?.items.length ?? 0) + 1),
    ),
    awards: [0, 1].map((c) =>
      Math.min(L.awardsPerCategoryMax, (content.awards.categories[c]?.awards.length ?? 0) + 1),
    ) as [number, number],
  };
}

/** The form's values of the stored content, by field name ('' for the blank rows). */
export function siteContentFormValues(content: TSiteContent): Record<string, string> {
  const values: Record<string, string> = {
    [F.trustLine]: content.heroTrustLine,
    [F.demoNotice]: content.demoNotice ? 'on' : '',
    [F.awardsYear]: String(content.awards.year),
  };
  content.timeline.forEach((year, y) => {
    values[F.year(y)] = year.year;
    values[F.label(y)] = year.label;
    year.items.forEach((item, i) => {
      values[F.figure(y, i)] = item.figure;
      values[F.text(y, i)] = item.text;
    });
  });
  content.awards.categories.forEach((category, c) => {
    values[F.category(c)] = category.name;
    category.awards.forEach((award, a) => {
      values[F.awardTitle(c, a)] = award.title;
      values[F.awardDescription(c, a)] = award.description;
    });
  });
  return values;
}

/** Every field name the form can post (the largest form: every list full). */
export function siteContentFieldNames(): string[] {
  const names: string[] = [F.trustLine, F.demoNotice, F.awardsYear];
  for (let y = 0; y < L.timelineYearsMax; y++) {
    names.push(F.year(y), F.label(y));
    for (let i = 0; i < L.timelineItemsMax; i++) names.push(F.figure(y, i), F.text(y, i));
  }
  for (let c = 0; c < 2; c++) {
    names.push(F.category(c));
    for (let a = 0; a < L.awardsPerCategoryMax; a++) {
      names.push(F.awardTitle(c, a), F.awardDescription(c, a));
    }
  }
  return names;
}

export interface SiteContentBody {
  heroTrustLine: string;
  timeline: { year: string; label: string; items: { figure: string; text: string }[] }[];
  awards: {
    year: string;
    categories: { name: string; awards: { title: string; description: string }[] }[];
  };
  demoNotice: boolean;
}

/**
 * The API request from the posted form, without the blank rows, and how the API's error paths
 * (counted without the blank rows) map back to the form's fields.
 */
export function readSiteContentForm(read: (name: string) => string): {
  body: SiteContentBody;
  rename: Record<string, string>;
} {
  const rename: Record<string, string> = {};
  const timeline: SiteContentBody['timeline'] = [];
  for (let y = 0; y < L.timelineYearsMax; y++) {
    const year = read(F.year(y)).trim();
    const label = read(F.label(y)).trim();
    const items: SiteContentBody['timeline'][number]['items'] = [];
    const at = timeline.length;
    for (let i = 0; i < L.timelineItemsMax; i++) {
      const figure = read(F.figure(y, i)).trim();
      const text = read(F.text(y, i)).trim();
      if (!figure && !text) continue;
      rename[`timeline.${at}.items.${items.length}.figure`] = F.figure(y, i);
      rename[`timeline.${at}.items.${items.length}.text`] = F.text(y, i);
      rename[`timeline.${at}.items.${items.length}`] = F.text(y, i);
      items.push({ figure, text });
    }
    if (!year && !label && items.length === 0) continue;
    rename[`timeline.${at}.year`] = F.year(y);
    rename[`timeline.${at}.label`] = F.label(y);
    rename[`timeline.${at}.items`] = F.text(y, 0);
    timeline.push({ year, label, items });
  }
  rename.timeline = F.year(0);
  const categories: SiteContentBody['awards']['categories'] = [];
  for (let c = 0; c < 2; c++) {
    const awards: SiteContentBody['awards']['categories'][number]['awards'] = [];
    for (let a = 0; a < L.awardsPerCategoryMax; a++) {
      const title = read(F.awardTitle(c, a)).trim();
      const description = read(F.awardDescription(c, a)).trim();
      if (!title && !description) continue;
      rename[`awards.categories.${c}.awards.${awards.length}.title`] = F.awardTitle(c, a);
      rename[`awards.categories.${c}.awards.${awards.length}.description`] = F.awardDescription(
        c,
        a,
      );
      awards.push({ title, description });
    }
    rename[`awards.categories.${c}.awards`] = F.awardTitle(c, 0);
    categories.push({ name: read(F.category(c)).trim(), awards });
  }
  return {
    body: {
      heroTrustLine: read(F.trustLine).trim(),
      timeline,
      awards: { year: read(F.awardsYear).trim(), categories },
      demoNotice: read(F.demoNotice) === 'on',
    },
    rename,
  };
}
