import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id recommendation: 19 MiB, 2 iterations, 1 lane. */
const OPTIONS = {
  // Argon2id (the enum is a const enum, which type stripping cannot read).
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, so a login for an unknown email cannot be told apart
 * from a wrong password by how long it takes.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

let common: Set<string> | undefined;

/**
 * The ~30,000 most common passwords (the zxcvbn list), compared case-insensitively: "Password1"
 * passes the character rules but is among the first guesses of any attacker.
 */
export function isCommonPassword(password: string): boolean {
  if (!common) {
    const require = createRequire(import.meta.url);
    const { dictionary } = require('@zxcvbn-ts/language-common') as {
      dictionary: Record<string, string[]>;
    };
    common = new Set(dictionary['passwords-common'] ?? []);
  }
  return common.has(password.toLowerCase());
}
