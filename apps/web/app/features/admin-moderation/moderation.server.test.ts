import { describe, expect, it } from 'vitest';
import {
  checklistErrors,
  checklistValues,
  readChecklist,
  returnPath,
} from './moderation.server.ts';

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

describe('the approval checklist', () => {
  const complete = {
    documentsNameBeneficiary: 'true',
    hospitalConfirmedVia: 'phone',
    hospitalConfirmedBy: 'Mrs Bello, billing officer',
    hospitalConfirmedOn: '2024-03-01',
    accountNameMatches: 'hospital',
    note: '',
  };

  it('reads the posted form and keeps only its fields', () => {
    const form = new FormData();
    for (const [field, value] of Object.entries(complete)) form.set(field, value);
    form.set('csrf', 'token');
    expect(checklistValues(form)).toEqual(complete);
  });

  it('is the checklist to send when every item is there', () => {
    const read = readChecklist(complete);
    expect(read).toEqual({
      ok: true,
      checklist: {
        documentsNameBeneficiary: true,
        hospitalConfirmedVia: 'phone',
        hospitalConfirmedBy: 'Mrs Bello, billing officer',
        hospitalConfirmedOn: '2024-03-01',
        accountNameMatches: 'hospital',
        note: undefined,
      },
    });
  });

  it('names every missing item, with the API’s words', () => {
    const read = readChecklist({});
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors).sort()).toEqual([
      'accountNameMatches',
      'documentsNameBeneficiary',
      'hospitalConfirmedBy',
      'hospitalConfirmedOn',
      'hospitalConfirmedVia',
    ]);
    expect(read.errors.documentsNameBeneficiary).toBe(
      'Confirm that the documents name the beneficiary',
    );
    const future = readChecklist({ ...complete, hospitalConfirmedOn: '2999-01-01' });
    expect(future.ok ? {} : future.errors).toEqual({
      hospitalConfirmedOn: 'The confirmation date cannot be in the future',
    });
  });

  it("renames the API's checklist.<field> errors to the form's fields", () => {
    expect(
      checklistErrors({ 'checklist.hospitalConfirmedBy': 'Say who', expectedUpdatedAt: 'x' }),
    ).toEqual({ hospitalConfirmedBy: 'Say who', expectedUpdatedAt: 'x' });
  });
});
