import { describe, expect, it } from 'vitest';
import { correctFieldsMessage, fieldLabel, isActionResult } from './forms.ts';

describe('fieldLabel', () => {
  it('names known fields as the forms do', () => {
    expect(fieldLabel('firstName')).toBe('First name');
    expect(fieldLabel('acceptTerms')).toBe('Terms and conditions');
    expect(fieldLabel('location.state')).toBe('State');
  });

  it('puts unknown code names into words', () => {
    expect(fieldLabel('hospitalWardNumber')).toBe('Hospital ward number');
    expect(fieldLabel('author_title')).toBe('Author title');
  });
});

describe('correctFieldsMessage', () => {
  it('lists labels, never code names', () => {
    expect(correctFieldsMessage(['email', 'firstName', 'acceptTerms'])).toBe(
      'Please correct these fields: Email, First name, Terms and conditions.',
    );
  });
});

describe('isActionResult', () => {
  it('tells an action answer from other data', () => {
    expect(isActionResult({ ok: false, message: 'No', errors: {}, intent: '', values: {} })).toBe(
      true,
    );
    expect(isActionResult({ message: 'No' })).toBe(false);
    expect(isActionResult(null)).toBe(false);
  });
});
