/**
 * Account rules that need no schema library, so the web app can use them in the browser for
 * hints without shipping Zod. The server enforces the same rules through `accounts.ts`.
 */

export const passwordRules = {
  /** ASVS 6.2.1: at least 8 characters (the server also refuses the most common passwords). */
  minLength: 8,
  /** Long enough for any passphrase, short enough that hashing cannot be abused. */
  maxLength: 128,
  hint: 'At least 8 characters, with at least one uppercase letter, one lowercase letter and one number.',
} as const;

/** What is wrong with a password, or undefined when it passes. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < passwordRules.minLength) {
    return `Password must be at least ${passwordRules.minLength} characters`;
  }
  if (password.length > passwordRules.maxLength) {
    return `Password must be at most ${passwordRules.maxLength} characters`;
  }
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/\d/.test(password)) {
    return 'Password must include an uppercase letter, a lowercase letter and a number';
  }
  return undefined;
}

/**
 * A person's name (sign-up, profile, donor, webinar registrant). Names are shown on public
 * pages and some go into emails, so they may hold only what names are made of: letters of any
 * script with their accents, spaces, hyphens, apostrophes (' and ’) and periods (Dr., J.R.R.).
 * No digits, colons or slashes, and nothing shaped like a web address (evil.example), so a
 * "name" cannot carry a link or an instruction such as "URGENT: verify at …".
 */
export const personNameRules = {
  maxLength: 50,
  hint: 'Letters, spaces, hyphens, apostrophes and periods.',
} as const;

const NAME_CHARACTERS = /^[\p{L}\p{M} '’.-]+$/u;
const HAS_LETTER = /\p{L}/u;
/** A letter, a period and two more letters: a host name, where a name has "Dr. " or "J.R.". */
const WEB_ADDRESS = /\p{L}\.\p{L}{2}/u;

/** One line: every run of white space becomes one space; composed accents (NFC). */
export function normalizePersonName(value: string): string {
  return value.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** What is wrong with a (normalised) name, naming the field, or undefined when it passes. */
export function personNameProblem(label: string, value: string): string | undefined {
  if (!value) return `${label} is required`;
  if (value.length > personNameRules.maxLength) {
    return `${label} must be at most ${personNameRules.maxLength} characters`;
  }
  if (!NAME_CHARACTERS.test(value) || !HAS_LETTER.test(value)) {
    return `${label} can only contain letters, spaces, hyphens, apostrophes and periods`;
  }
  if (WEB_ADDRESS.test(value)) {
    return `${label} must not contain a web address: put a space after each period`;
  }
  return undefined;
}

/**
 * A Nigerian phone number in E.164 (+234XXXXXXXXXX), from the forms people type:
 * 0803 123 4567, 08031234567, 2348031234567, +234 803 123 4567, +234 (0) 803 123 4567.
 * Undefined when it is not a Nigerian mobile or landline number.
 */
export function normalizeNigerianPhone(input: string): string | undefined {
  let digits = input.trim().replace(/[\s().-]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  if (!/^\d+$/.test(digits)) return undefined;
  if (digits.startsWith('234')) digits = digits.slice(3);
  if (digits.startsWith('0')) digits = digits.slice(1);
  // Mobile numbers: 70x, 80x, 81x, 90x, 91x … followed by 7 digits (10 national digits).
  if (/^[789][01]\d{8}$/.test(digits)) return `+234${digits}`;
  return undefined;
}

/** Code characters: upper-case letters and digits without look-alikes (0/O, 1/I). */
export const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Characters per group when a long code is shown: ABCDE-FGHJK reads and copies easily. */
const CODE_GROUP = 5;

/** A code as shown to people: groups of five joined by dashes. */
export function groupCode(code: string): string {
  const groups: string[] = [];
  for (let i = 0; i < code.length; i += CODE_GROUP) groups.push(code.slice(i, i + CODE_GROUP));
  return groups.join('-');
}

/** A code as typed or pasted: dashes and spaces dropped, any case accepted. */
export function normalizeCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}
