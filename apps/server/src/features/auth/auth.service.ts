/**
 * The accounts service, as the routes call it. Its parts live beside it: signing up with an
 * emailed code (`auth.signup.ts`), signing in and the sessions it opens (`auth.sessions.ts`),
 * resetting and changing passwords (`auth.passwords.ts`), and what they share: the emailed codes
 * (`auth.codes.ts`) and the abuse limits (`auth.limits.ts`).
 */
export { changePassword, requestPasswordReset, resetPassword } from './auth.passwords.ts';
export { logout, refreshSession, signIn } from './auth.sessions.ts';
export { resendSignupCode, type SignUpInput, signUp, validateSignupCode } from './auth.signup.ts';
export type { AuthDeps, RequestContext, SignedIn } from './auth.types.ts';
