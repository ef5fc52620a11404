import {
  ZAccessTokenResponse,
  ZChangePasswordRequest,
  ZCodeSentResponse,
  ZEmailRequest,
  ZMessageResponse,
  ZPersonnelChangePasswordRequest,
  ZRefreshRequest,
  ZResetPasswordRequest,
  ZSignInRequest,
  ZSignInResponse,
  ZSignUpRequest,
  ZValidateSignupOtpRequest,
} from '../accounts.ts';
import { limits } from '../constants.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Auth and user'];

/**
 * Signing up, in and out, and passwords. The web app's calls also get the session as HttpOnly
 * cookies; API clients read the tokens from the body (docs/decisions/007).
 */
export const authEndpoints = {
  signUp: defineEndpoint({
    method: 'POST',
    path: '/sign-up',
    access: 'public',
    tags,
    summary:
      'Start a registration: keeps the details and emails a 6-character code (an address with an account gets the same answer; its owner is told instead)',
    body: ZSignUpRequest,
    responses: { 200: ZCodeSentResponse },
  }),
  resendSignupCode: defineEndpoint({
    method: 'POST',
    path: '/send-signup-otp',
    access: 'public',
    tags,
    summary:
      'Send the sign-up code again (30 s apart, 5 an hour; the same answer for every address)',
    body: ZEmailRequest,
    responses: { 200: ZCodeSentResponse },
  }),
  validateSignupCode: defineEndpoint({
    method: 'POST',
    path: '/validate-signup-otp',
    access: 'public',
    tags,
    summary: 'Check the sign-up code: creates the account and signs the user in',
    body: ZValidateSignupOtpRequest,
    responses: { 200: ZSignInResponse },
  }),
  signIn: defineEndpoint({
    method: 'POST',
    path: '/sign-in',
    access: 'public',
    tags,
    summary: 'Sign in with email and password',
    body: ZSignInRequest,
    responses: { 200: ZSignInResponse },
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/get-access-token',
    access: 'public',
    tags,
    summary: 'A new access token for a refresh token (rotated: use the new one next time)',
    body: ZRefreshRequest.optional(),
    responses: { 200: ZAccessTokenResponse },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/logout',
    access: 'public',
    tags,
    summary: 'Sign out: revokes the session of the token (and clears the web cookies)',
    body: ZRefreshRequest.optional(),
    responses: { 200: ZMessageResponse },
  }),
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/send-password-reset-link',
    access: 'public',
    tags,
    summary: `Email a ${limits.resetCodeLength}-character reset code and link (the same answer whether or not the account exists)`,
    body: ZEmailRequest,
    responses: { 200: ZCodeSentResponse },
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/reset-password',
    access: 'public',
    tags,
    summary: 'Set a new password with the code emailed to that address; ends every session',
    body: ZResetPasswordRequest,
    responses: { 200: ZMessageResponse },
  }),
  changePassword: defineEndpoint({
    method: 'PUT',
    path: '/change-password',
    access: 'member',
    tags,
    summary: 'Change the password; other sessions end',
    body: ZChangePasswordRequest,
    responses: { 200: ZMessageResponse },
  }),
  changePersonnelPassword: defineEndpoint({
    method: 'POST',
    path: '/medical_personel/change_password',
    access: 'member',
    tags,
    summary: 'Change the password (the medical personnel form of the same call)',
    body: ZPersonnelChangePasswordRequest,
    responses: { 200: ZMessageResponse },
  }),
};
