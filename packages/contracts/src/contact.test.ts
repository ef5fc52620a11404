import { describe, expect, it } from 'vitest';
import { normalizeContactPhone, ZContactRequest } from './contact.ts';

describe('normalizeContactPhone', () => {
  it('keeps Nigerian numbers in the +234 form', () => {
    expect(normalizeContactPhone('0803 123 4567')).toBe('+2348031234567');
    expect(normalizeContactPhone('+234 (803) 123-4567')).toBe('+2348031234567');
  });

  it('accepts international numbers as + and 8 to 15 digits', () => {
    expect(normalizeContactPhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizeContactPhone('+1234567')).toBeUndefined();
    expect(normalizeContactPhone('+1234567890123456')).toBeUndefined();
    expect(normalizeContactPhone('442079460958')).toBeUndefined();
    expect(normalizeContactPhone('0803 123')).toBeUndefined();
  });
});

describe('ZContactRequest', () => {
  const valid = {
    email: ' Ada@Example.NG ',
    firstName: ' Ada ',
    lastName: 'Okafor',
    phone: '08031234567',
    message: 'Hello, I would like to volunteer.',
  };

  it('trims, lower-cases the email and normalises the phone', () => {
    expect(ZContactRequest.parse(valid)).toEqual({
      ...valid,
      email: 'ada@example.ng',
      firstName: 'Ada',
      phone: '+2348031234567',
    });
  });

  it('refuses a name that carries more than a name (it goes into the email subject)', () => {
    for (const firstName of ['Ada\r\nBcc: x@y.z', 'URGENT: verify at evil.example', 'Ada2']) {
      const parsed = ZContactRequest.safeParse({ ...valid, firstName });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        'First name can only contain letters, spaces, hyphens, apostrophes and periods',
      );
    }
    // Spaces are folded: a name is one line.
    expect(ZContactRequest.parse({ ...valid, firstName: ' Ada \n Obi ' }).firstName).toBe(
      'Ada Obi',
    );
  });
});

describe('ZContactRequest control characters', () => {
  it('drops NUL and other control characters (PostgreSQL refuses NUL in text)', () => {
    const parsed = ZContactRequest.parse({
      email: 'a@b.ng',
      firstName: 'Ada',
      lastName: 'Okafor',
      phone: '08031234567',
      message: 'hello\u0000 there,\tfriend\nbye',
    });
    expect(parsed.message).toBe('hello there,\tfriend\nbye');
    // In a name they are refused: a name is letters and a few marks.
    expect(ZContactRequest.safeParse({ ...parsed, firstName: 'A\u0000da' }).success).toBe(false);
  });
});
