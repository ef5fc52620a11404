import {
  phoneRules,
  phoneTexts,
  ZPhoneCodeRequest,
  ZPhoneCodeSentResponse,
  ZPhoneStatusResponse,
  ZPhoneVerifyRequest,
  ZSmsUpdatesRequest,
} from '../phone.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Phone'];

/**
 * The signed-in member's phone number: proving it is theirs with a code sent by SMS, and asking
 * for donation receipts and complaint updates by text message.
 */
export const phoneEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/phone',
    access: 'member',
    tags,
    summary: 'Your phone number, whether it is verified, and whether texts are on',
    responses: { 200: ZPhoneStatusResponse },
  }),
  sendCode: defineEndpoint({
    method: 'POST',
    path: '/phone/code',
    access: 'member',
    tags,
    summary: `Text a ${phoneRules.codeLength}-character code to a Nigerian mobile number (valid ${phoneRules.codeTtlMinutes} minutes)`,
    description: `Accepts 0803…, 234803… or +234803…. A new code replaces the one before. At most one code every ${phoneRules.resendAfterSeconds} seconds, and a few per hour per account, per number and per network address. 409 when the number is verified on another account.`,
    body: ZPhoneCodeRequest,
    responses: { 200: ZPhoneCodeSentResponse },
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/phone/verify',
    access: 'member',
    tags,
    summary: 'Send the texted code: the number becomes your verified phone number',
    description: `Only the newest code is valid, once, for ${phoneRules.codeTtlMinutes} minutes; it closes after 5 wrong tries. 409: ${phoneTexts.takenByAnother}`,
    body: ZPhoneVerifyRequest,
    responses: { 200: ZPhoneStatusResponse },
  }),
  setSmsUpdates: defineEndpoint({
    method: 'PUT',
    path: '/phone/sms-updates',
    access: 'member',
    tags,
    summary: 'Turn donation receipts and complaint updates by text message on or off',
    description: 'Only with a verified phone number. Each change is recorded as a consent.',
    body: ZSmsUpdatesRequest,
    responses: { 200: ZPhoneStatusResponse },
  }),
};
