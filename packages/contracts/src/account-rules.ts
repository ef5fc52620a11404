/**
 * Account rules that need no schema library, so the web app can use them in the browser for
 * hints without shipping Zod. The server enforces the same rules through `accounts.ts`.
 */

export const passwordRules = {
  /** "longer than 6 characters" (SPEC §5). */
  minLength: 7,
  /** Long enough for any passphrase, short enough that hashing cannot be abused. */
  maxLength: 128,
  hint: 'Longer than 6 characters, with at least one uppercase letter, one lowercase letter and one number.',
} as const;

/** What is wrong with a password by the SPEC §5 rules, or undefined when it passes. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < passwordRules.minLength) {
    return 'Password must be longer than 6 characters';
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
