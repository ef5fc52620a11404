import { describe, expect, it } from 'vitest';
import {
  groupCode,
  normalizeCode,
  normalizePersonName,
  passwordProblem,
  personNameProblem,
} from './account-rules.ts';

const problem = (value: string) => personNameProblem('Name', normalizePersonName(value));

describe('person names', () => {
  it.each([
    'Ada',
    'Ọláolúwa',
    'Chukwuemeka Obi-Ezeh',
    "O'Neil",
    'O’Neil',
    'Dr. Ada',
    'J.R.R. Tolkien',
    'Ngozi  Ada ',
    'محمد',
    'Zoë',
    'a'.repeat(50),
  ])('accepts %j', (name) => {
    expect(problem(name)).toBeUndefined();
  });

  it.each([
    ['', 'Name is required'],
    ['   ', 'Name is required'],
    ['a'.repeat(51), 'Name must be at most 50 characters'],
    ['Ada2', 'can only contain'],
    ['URGENT: verify', 'can only contain'],
    ['http//x', 'can only contain'],
    ['Ada@home', 'can only contain'],
    ['--', 'can only contain'],
    ['Ada\u0000', 'can only contain'],
    ['evil.example', 'must not contain a web address'],
    ['Verify at www.evil.ng', 'must not contain a web address'],
    ['St.John', 'must not contain a web address'],
  ])('refuses %j, saying why', (name, message) => {
    expect(problem(name)).toMatch(message);
  });

  it('tidies white space into single spaces and composes accents', () => {
    expect(normalizePersonName(' Ngozi\t\n Ada ')).toBe('Ngozi Ada');
    expect(normalizePersonName('Zoe\u0308')).toBe('Zoë');
  });
});

describe('codes', () => {
  it('shows a long code in groups of five and reads it back however it was typed', () => {
    expect(groupCode('ABCDEFGHJK')).toBe('ABCDE-FGHJK');
    expect(groupCode('7KQ2MB')).toBe('7KQ2M-B');
    expect(normalizeCode(' abcde - fghjk ')).toBe('ABCDEFGHJK');
  });
});

describe('passwords', () => {
  it('needs at least 8 characters with upper case, lower case and a digit', () => {
    expect(passwordProblem('Abcdef1')).toBe('Password must be at least 8 characters');
    expect(passwordProblem('Abcdefg1')).toBeUndefined();
    expect(passwordProblem('abcdefg1')).toMatch(/uppercase/);
  });
});
