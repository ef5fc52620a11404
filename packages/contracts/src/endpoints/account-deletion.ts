import {
  ZAccountDeleteRequest,
  ZAccountDeleteResponse,
  ZDeletionPreviewResponse,
} from '../account-deletion.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Account deletion'];

/** The member's right to have their account and personal data deleted. */
export const accountDeletionEndpoints = {
  preview: defineEndpoint({
    method: 'GET',
    path: '/me/deletion',
    access: 'member',
    tags,
    summary: 'What deleting your account would erase and keep, and what happens to your campaigns',
    responses: { 200: ZDeletionPreviewResponse },
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/me/deletion',
    access: 'member',
    tags,
    summary: 'Delete your account at once (your password confirms it; there is no undo)',
    description:
      'Signs out every session, frees the email address and phone number, hides every public trace, closes campaigns that hold money (kept for the hospital payout or refunds) and deletes the others. Personal data is erased within the retention period.',
    body: ZAccountDeleteRequest,
    responses: { 200: ZAccountDeleteResponse },
  }),
};
