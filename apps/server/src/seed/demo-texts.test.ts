import {
  DEMO_BLOG_AUTHORS,
  DEMO_BLOG_POSTS,
  DEMO_CAMPAIGNS,
  DEMO_FACILITIES,
  DEMO_PODCAST_EPISODES,
  DEMO_SUPPORTERS,
} from '@ipatient/db';
import { describe, expect, it } from 'vitest';

/** The entries of `values` that occur more than once (compared without case or spacing). */
function repeated(values: readonly string[]): string[] {
  const seen = new Map<string, number>();
  for (const value of values) {
    const key = value.toLowerCase().replace(/\s+/g, ' ').trim();
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, count]) => count > 1).map(([key]) => key);
}

const reviews = DEMO_FACILITIES.flatMap((facility) => facility.reviews);
const comments = DEMO_BLOG_POSTS.flatMap((post) =>
  post.comments.flatMap((comment) => [comment.text, ...(comment.replies ?? []).map((r) => r.text)]),
);
const people: [string, string][] = [
  ...DEMO_SUPPORTERS,
  ...reviews.map((review) => review.by),
  ...DEMO_CAMPAIGNS.map((campaign) => campaign.organiser),
];

/**
 * The demo content should read like a real Nigerian site: every text written once, every
 * person with a name of their own, nobody called "Demo Supporter 3".
 */
describe('demo texts', () => {
  it('never repeat a review, a comment, a campaign or a post', () => {
    expect(repeated(reviews.map((review) => review.content))).toEqual([]);
    expect(repeated(reviews.map((review) => review.title))).toEqual([]);
    expect(repeated(comments)).toEqual([]);
    expect(repeated(DEMO_CAMPAIGNS.map((campaign) => campaign.description))).toEqual([]);
    expect(repeated(DEMO_CAMPAIGNS.map((campaign) => campaign.title))).toEqual([]);
    expect(repeated(DEMO_BLOG_POSTS.map((post) => post.title))).toEqual([]);
    expect(repeated(DEMO_PODCAST_EPISODES.map((episode) => episode.summary))).toEqual([]);
    expect(repeated(DEMO_FACILITIES.map((facility) => facility.name))).toEqual([]);
  });

  it('give each supporter and reviewer a name of their own', () => {
    expect(repeated(DEMO_SUPPORTERS.map((name) => name.join(' ')))).toEqual([]);
    expect(repeated(reviews.map((review) => review.by.join(' ')))).toEqual([]);
    // Supporters come from many families, not one surname with numbers.
    expect(new Set(DEMO_SUPPORTERS.map(([, last]) => last)).size).toBe(DEMO_SUPPORTERS.length);
    expect(new Set(DEMO_SUPPORTERS.map(([first]) => first)).size).toBe(DEMO_SUPPORTERS.length);
  });

  it('use real-looking names: letters only, no placeholders or numbers', () => {
    const placeholder = /^(demo|test|user|supporter|reviewer|organiser|sample|anonymous)$/i;
    const names = [
      ...people.flat(),
      ...DEMO_BLOG_AUTHORS.flatMap((author) => author.name.replace(/^Dr\. /, '').split(' ')),
    ];
    for (const name of names) {
      expect(name, name).toMatch(/^\p{Lu}[\p{L}'-]+$/u);
      expect(name, name).not.toMatch(placeholder);
    }
  });

  it('give every review a rating from 1 to 5 and a few sentences', () => {
    for (const review of reviews) {
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
      expect(review.content.length).toBeGreaterThan(60);
    }
  });
});
