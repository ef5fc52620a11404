import {
  type AdvocacyGuideSection,
  findAdvocacyGuide,
} from '@ipatient/contracts/advocacy-resources';

/** A written guide of the advocacy resources, readable at /advocacy/resources/{slug}. */
export interface Guide {
  slug: string;
  title: string;
  summary: string;
  minutes: number;
  sections: readonly AdvocacyGuideSection[];
}

/** The guide with this slug, or undefined (videos and unknown slugs: the page answers 404). */
export function findGuide(slug: string): Guide | undefined {
  const guide = findAdvocacyGuide(slug);
  if (!guide) return undefined;
  return {
    slug: guide.slug,
    title: guide.title,
    summary: guide.summary,
    minutes: guide.minutes,
    sections: guide.sections,
  };
}
