import { webinarTopics } from '@ipatient/contracts/constants';
import {
  filterWebinars,
  findWebinar,
  formatWebinarTime,
  webinars,
} from '@ipatient/contracts/webinars';
import { describe, expect, it } from 'vitest';
import { webinarAction } from './webinar-text.ts';

describe('sample webinars', () => {
  it('are six, with unique slugs, topics from the nine and both calls to action', () => {
    expect(webinars).toHaveLength(6);
    expect(new Set(webinars.map((webinar) => webinar.id)).size).toBe(6);
    for (const webinar of webinars) {
      expect(webinar.id).toMatch(/^[a-z0-9-]+$/);
      for (const topic of webinar.categories) expect(webinarTopics).toContain(topic);
      expect(webinar.speakers.length).toBeGreaterThan(0);
    }
    const actions = new Set(webinars.map(webinarAction));
    expect(actions).toEqual(new Set(['Watch Now', 'Sign up']));
  });

  it('filter by any of the chosen topics and by every search word', () => {
    expect(filterWebinars({})).toHaveLength(6);
    const women = filterWebinars({ topics: ["Women's Health"] });
    expect(women.map((webinar) => webinar.id)).toEqual(['womens-health-every-stage']);
    expect(filterWebinars({ topics: ["Women's Health", "Men's Health"] })).toHaveLength(2);
    expect(filterWebinars({ q: 'PROSTATE' }).map((webinar) => webinar.id)).toEqual([
      'mens-health-check-up',
    ]);
    // Speakers are searched too; every word must match.
    expect(filterWebinars({ q: 'Halima dietitian' })).toHaveLength(1);
    expect(filterWebinars({ q: 'Halima astronomy' })).toHaveLength(0);
    // Unknown topics are ignored rather than hiding everything.
    expect(filterWebinars({ topics: ['Astrology'] })).toHaveLength(6);
  });

  it('find by slug and tell the time in Lagos', () => {
    expect(findWebinar('mind-matters')?.title).toContain('Mind Matters');
    expect(findWebinar('nope')).toBeUndefined();
    expect(formatWebinarTime({ date: '2026-12-10T16:00:00+01:00' })).toBe(
      '10 December 2026, 4:00 pm WAT',
    );
  });
});
