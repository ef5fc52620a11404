import type { TUser } from '@ipatient/contracts/accounts';
import { describe, expect, it } from 'vitest';
import { memberRenderingOf } from './member-pages.server.ts';
import { markPersonalValues } from './render-memo.server.ts';

const reader: TUser = {
  _id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Ngozi',
  lastName: 'Eze',
  email: 'ngozi@example.ng',
  phone: '+2348031111111',
  phoneVerified: false,
  image: null,
  age: null,
  gender: null,
  address: null,
  state: null,
  lga: null,
  isAdvocate: false,
  role: 'member',
  isOnboarded: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const organiser = '22222222-2222-4222-8222-222222222222';
const campaignId = '33333333-3333-4333-8333-333333333333';

/** A campaign page's loader data as the web app makes it for `reader`. */
function campaignPage(overrides: { campaign?: Record<string, unknown>; root?: object } = {}) {
  return {
    root: {
      csrf: 'token-1',
      flash: null,
      user: {
        firstName: reader.firstName,
        lastName: reader.lastName,
        image: null,
        isAdmin: false,
        initial: 'N',
      },
      ...overrides.root,
    },
    'routes/campaign': {
      campaign: {
        _id: campaignId,
        amountNeeded: 500_000,
        likedByMe: true,
        likes: [{ user: { _id: reader._id } }],
        isOwner: false,
        user: { _id: organiser, firstName: 'Musa' },
        ...overrides.campaign,
      },
      donor: { name: 'Ngozi Eze', email: reader.email },
    },
  };
}

/** The page with its campaign's `amountNeeded` left out: a like on something not known. */
function withoutAmount(page: ReturnType<typeof campaignPage>) {
  const { amountNeeded: _left, ...campaign } = page['routes/campaign'].campaign;
  return { ...page, 'routes/campaign': { ...page['routes/campaign'], campaign } };
}

function recordingOf(
  loaderData: Record<string, unknown>,
  options: { headers?: [string, string][]; user?: TUser; pieces?: string[] } = {},
) {
  const { data, values, places } = markPersonalValues(loaderData);
  return memberRenderingOf({
    renderingKey: 'key',
    routeIds: Object.keys(loaderData),
    loaderData,
    markedData: data,
    values,
    places,
    pieces: (options.pieces ?? ['<html>', '</html>']).map((piece) => Buffer.from(piece)),
    user: options.user ?? reader,
    headers: options.headers ?? [],
  });
}

describe('memberRenderingOf', () => {
  it('records the likeable campaigns, the reader’s likes and every other id', () => {
    const recorded = recordingOf(campaignPage());
    expect(recorded?.likeable).toEqual({ campaigns: [campaignId], posts: [] });
    expect(recorded?.liked).toEqual([campaignId]);
    // The reader's own like names them, and is left out: nobody else is told who they are.
    expect(new Set(recorded?.subjects)).toEqual(new Set([campaignId, organiser]));
    expect(recorded?.places).toEqual([
      'root:csrf',
      'root:user.firstName',
      'root:user.lastName',
      'root:user.initial',
      'routes/campaign:donor.name',
      'routes/campaign:donor.email',
    ]);
  });

  it('keeps to its reader a page with anything else of theirs', () => {
    const cases: [string, Record<string, unknown>, Parameters<typeof recordingOf>[1]?][] = [
      ['an organiser’s own campaign', campaignPage({ campaign: { isOwner: true } })],
      ['another per-reader field', campaignPage({ campaign: { usefulByMe: false } })],
      ['the reader named in the data', campaignPage({ campaign: { supporter: reader._id } })],
      ['the reader’s email elsewhere', campaignPage({ campaign: { contact: reader.email } })],
      ['the reader’s phone', campaignPage({ campaign: { phone: reader.phone } })],
      ['an admin', campaignPage({ root: { user: { firstName: 'A', isAdmin: true } } })],
      ['a message', campaignPage({ root: { flash: { kind: 'success', message: 'Saved' } } })],
      ['a like of an unknown kind', withoutAmount(campaignPage())],
      ['a cookie it sets', campaignPage(), { headers: [['Set-Cookie', 'a=b']] }],
      ['the reader’s id in the rendering', campaignPage(), { pieces: [`<p>${reader._id}</p>`] }],
      [
        'own values made otherwise than the page holds',
        campaignPage({ root: { user: { firstName: 'Someone', isAdmin: false } } }),
      ],
    ];
    for (const [what, data, options] of cases) {
      expect(recordingOf(data, options), what).toBeUndefined();
    }
    expect(recordingOf(campaignPage())).toBeDefined();
  });
});
