import {
  formDraftLimits,
  ZFormDraftSaveRequest,
  ZFormDraftSaveResponse,
  ZFormDraftTakeRequest,
  ZFormDraftTakeResponse,
} from '../form-drafts.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Form drafts'];

/**
 * What a signed-out person typed before being sent to log in. The only key to a draft is the
 * random token in the holder's HttpOnly cookie (stored hashed), so no one else can read it.
 */
export const formDraftsEndpoints = {
  save: defineEndpoint({
    method: 'PUT',
    path: '/form-drafts',
    access: 'public',
    tags,
    summary: `Keep what was typed into a form for ${formDraftLimits.lifetimeMinutes} minutes (at most ${formDraftLimits.savesPerAddress} per network address per ${formDraftLimits.windowMinutes} minutes)`,
    description:
      'For a form that needs an account: what a visitor typed before logging in. Never passwords or codes. The key is a random token in an HttpOnly cookie, set here when the visitor has none.',
    body: ZFormDraftSaveRequest,
    responses: { 200: ZFormDraftSaveResponse },
  }),
  take: defineEndpoint({
    method: 'POST',
    path: '/form-drafts/take',
    access: 'public',
    tags,
    summary: 'Hand over the kept form of a page, once (null when there is none)',
    description:
      'Only the holder of the cookie can take a draft; it is deleted as it is handed over. Expired drafts are never returned.',
    body: ZFormDraftTakeRequest,
    responses: { 200: ZFormDraftTakeResponse },
  }),
};
