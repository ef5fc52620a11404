import { describe, expect, it } from 'vitest';
import { returnPath } from './moderation.server.ts';

describe('returnPath', () => {
  it.each([
    '/admin/reviews',
    '/admin/reviews?page=2&status=pending',
    '/admin/reviews/',
    '/admin/reviews#review-3',
  ])('keeps %s', (value) => {
    expect(returnPath(value, '/admin/reviews', '/fallback')).toBe(value);
  });

  it.each([
    '//evil.example/admin/reviews',
    '/admin/reviews/../..//evil.example',
    '/admin/reviews/../../\\evil.example',
    '/admin/reviews/../users',
    '/admin/reviewsX',
    '/account',
    'https://evil.example/admin/reviews',
  ])('falls back for %s', (value) => {
    expect(returnPath(value, '/admin/reviews', '/fallback')).toBe('/fallback');
  });
});
