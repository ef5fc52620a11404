import { ZBankAccountResponse, ZBanksResponse, ZVerifyBankAccountRequest } from '../campaigns.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Banks'];

export const banksEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/banks',
    access: 'public',
    tags,
    summary: 'Nigerian banks with the codes the account lookup uses',
    responses: { 200: ZBanksResponse },
  }),
  verifyAccount: defineEndpoint({
    method: 'POST',
    path: '/verify-bank-account',
    access: 'member',
    tags,
    summary: 'The name on a bank account (Paystack, or the sandbox resolver by default)',
    body: ZVerifyBankAccountRequest,
    responses: { 200: ZBankAccountResponse },
  }),
};
