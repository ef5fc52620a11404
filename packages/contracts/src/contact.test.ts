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

  it('puts a name on one line (it goes into the email subject)', () => {
    expect(ZContactRequest.parse({ ...valid, firstName: 'Ada\r\nBcc: x@y.z' }).firstName).toBe(
      'Ada Bcc: x@y.z',
    );
  });
});

describe('ZContactRequest control characters', () => {
  it('drops NUL and other control characters (PostgreSQL refuses NUL in text)', () => {
    const parsed = ZContactRequest.parse({
      email: 'a@b.ng',
      firstName: 'A\u0000da',
      lastName: 'Okafor',
      phone: '08031234567',
      message: 'hello\u0000 there,\tfriend\nbye',
    });
    expect(parsed.firstName).toBe('A da');
    expect(parsed.message).toBe('hello there,\tfriend\nbye');
  });
});
