import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../../test/accounts.ts';
import { createCampaign, setStatus } from '../../test/campaigns.ts';
import { apiCall, createTestApp, type TestApp } from '../../test/helpers.ts';
import {
  type AuditFacts,
  auditAction,
  auditSentence,
  auditTellers,
  hasTeller,
} from './audit-sentences.ts';

let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t, { role: 'admin', firstName: 'Ada' });
  member = await createSignedInUser(t, { firstName: 'Chidi' });
});
afterAll(() => t.close());

const facts = (overrides: Partial<AuditFacts>): AuditFacts => ({
  actorName: 'Ada Obi',
  action: 'PUT /api/v1/nothing',
  entityType: 'thing',
  entityId: '5c1f7d0e-8a59-4a8e-9a2b-2f0b1c3d4e5f',
  before: null,
  after: null,
  ...overrides,
});

describe('every audited route has a sentence', () => {
  it('each write the audit log records is told in words (add one to auditTellers for a new route)', () => {
    const actions = t.app.auditedRoutes.map((route) => auditAction(route.method, route.url));
    expect(actions.length).toBeGreaterThan(20);
    const untold = actions.filter((action) => !hasTeller(action));
    expect(untold, 'audited routes without a sentence in audit-sentences.ts').toEqual([]);
  });

  it('tells no route that no longer exists', () => {
    const actions = new Set(
      t.app.auditedRoutes.map((route) => auditAction(route.method, route.url)),
    );
    expect(Object.keys(auditTellers).filter((action) => !actions.has(action))).toEqual([]);
  });

  it('never shows a raw id, whatever the snapshots hold (even none)', () => {
    for (const action of Object.keys(auditTellers)) {
      for (const [before, after] of [
        [null, null],
        [{}, {}],
        [{ status: 'weird' }, { role: 42 }],
      ]) {
        const sentence = auditSentence(facts({ action, before, after }));
        expect(sentence.text, action).toMatch(/^Ada Obi [a-z]/);
        expect(sentence.text, action).not.toContain('5c1f7d0e');
        expect(sentence.text, action).not.toMatch(/\/api\/v1|\{id\}|undefined|null/);
      }
    }
  });
});

describe('sentences', () => {
  it('names the campaign an admin approved, with a link to it', async () => {
    const campaign = await createCampaign(t, member);
    expect((await setStatus(t, admin, campaign._id, 'active')).statusCode).toBe(200);
    const response = await apiCall(t, 'GET', `/admin/audit?entityId=${campaign._id}`, {
      as: admin,
    });
    const [entry] = response.json().results;
    expect(entry.sentence).toEqual({
      text: `Ada Okafor approved the campaign “${campaign.title}”`,
      actor: 'Ada Okafor',
      verb: 'approved the campaign',
      object: { label: campaign.title, quoted: true, href: `/admin/campaigns/${campaign._id}` },
      rest: '',
    });
    expect(entry.summary).toBe(entry.sentence.text);
    const found = await apiCall(
      t,
      'GET',
      `/admin/audit?search=${encodeURIComponent(campaign.title)}`,
      { as: admin },
    );
    expect(found.json().results.map((row: { _id: string }) => row._id)).toContain(entry._id);
  });

  it('tells a rejection, and a take-down, with the reason', () => {
    const action = 'PUT /api/v1/admin/crowdfunding/{id}/status';
    const rejected = auditSentence(
      facts({
        action,
        before: { status: 'awaiting_review', title: 'Help Chidi walk again' },
        after: { status: 'rejected', title: 'Help Chidi walk again', rejectionReason: 'No report' },
      }),
    );
    expect(rejected.text).toBe('Ada Obi rejected the campaign “Help Chidi walk again”: No report');
    const takenDown = auditSentence(
      facts({
        action,
        before: { status: 'active' },
        after: { status: 'rejected', title: 'Help Chidi walk again', rejectionReason: 'Fraud' },
      }),
    );
    expect(takenDown.text).toBe('Ada Obi took down the campaign “Help Chidi walk again”: Fraud');
  });

  it('says when a facility’s new name sends its payout account back for verification', () => {
    const action = 'PUT /api/v1/admin/facilities/{id}';
    const renamed = auditSentence(
      facts({
        action,
        before: { name: 'Ikeja General', paysDirect: true },
        after: { name: 'Ikeja General Hospital', paysDirect: false },
      }),
    );
    expect(renamed.text).toBe(
      'Ada Obi renamed the facility “Ikeja General” to “Ikeja General Hospital”; its payout account must be verified again',
    );
    const kept = auditSentence(
      facts({
        action,
        before: { name: 'Ikeja General', paysDirect: true },
        after: { name: 'Ikeja General', paysDirect: true },
      }),
    );
    expect(kept.text).toBe('Ada Obi changed the facility “Ikeja General”');
  });

  it('tells people by name, roles and complaints in words', () => {
    expect(
      auditSentence(
        facts({
          action: 'PUT /api/v1/admin/users/{id}/role',
          before: { firstName: 'Musa', lastName: 'Bello', role: 'member' },
          after: { firstName: 'Musa', lastName: 'Bello', role: 'admin', email: 'musa@example.ng' },
        }),
      ),
    ).toMatchObject({
      text: 'Ada Obi gave the admin role to Musa Bello',
      object: { href: '/admin/users?search=musa%40example.ng' },
    });
    expect(
      auditSentence(
        facts({
          action: 'PUT /api/v1/update-advocacy-status/{id}',
          before: {
            reference: 'IPC-2026-0042',
            hospitalName: 'Ikeja General',
            status: 'submitted',
          },
          after: { status: 'under_review' },
        }),
      ).text,
    ).toBe('Ada Obi moved the complaint IPC-2026-0042 (Ikeja General) to Under review');
    expect(
      auditSentence(
        facts({
          action: 'PUT /api/v1/update-blog-category/{id}',
          before: { name: 'Rights' },
          after: { name: 'Patient rights' },
        }),
      ).text,
    ).toBe('Ada Obi renamed the blog category “Rights” to “Patient rights”');
  });

  it('links no record that was deleted', () => {
    const sentence = auditSentence(
      facts({ action: 'DELETE /api/v1/delete-blog/{id}', before: { title: 'Old news' } }),
    );
    expect(sentence).toMatchObject({
      text: 'Ada Obi deleted the post “Old news”',
      object: { href: null },
    });
  });

  it('reads an old or unknown entry as a plain sentence from its method and record type', () => {
    expect(
      auditSentence(
        facts({ action: 'POST /api/v1/admin/retired-thing', entityType: 'blog-post', after: {} }),
      ).text,
    ).toBe('Ada Obi added a blog post');
    expect(
      auditSentence(
        facts({
          action: 'DELETE /api/v1/retired/{id}',
          entityType: 'facility_review',
          before: { title: 'Kind nurses' },
        }),
      ).text,
    ).toBe('Ada Obi deleted the facility review “Kind nurses”');
    expect(auditSentence(facts({ actorName: ' ', entityType: '' })).text).toBe(
      'An admin changed a record',
    );
  });
});
