import type { TAuditSentence } from '@ipatient/contracts/admin';
import { complaintStatusLabels } from '@ipatient/contracts/advocacy-rules';
import { endpoints } from '@ipatient/contracts/endpoints/index';
import { moneyTellers } from './audit-money-tellers.ts';
import {
  actionOf,
  firstText,
  hrefTo,
  MAX_REST,
  named,
  personName,
  quoted,
  type Reading,
  reasonRest,
  record,
  searchHref,
  shorten,
  type Teller,
  type Told,
  text,
  titled,
  told,
} from './audit-sentence-parts.ts';

export { actionOf, auditAction } from './audit-sentence-parts.ts';

/**
 * The audit log told as sentences ("Ada Obi approved the campaign “Help Chidi walk again”"),
 * built from what each entry records: the action (method and route), the record's type and id
 * and its state before and after. Every audited route has its own way of telling (a unit test
 * holds that); an entry of a route that has none any more reads as a plain sentence from its
 * method and record type, never as raw ids alone.
 */

/** What the sentence of one entry is made from (an `audit_log` row). */
export interface AuditFacts {
  actorName: string;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/** A blog post: drafts and publishing read as such. */
function blogPost(verb: 'add' | 'change'): Teller {
  return (r) => {
    const label = quoted(firstText(r, ['title']), hrefTo('/admin/posts', r.id));
    const was = text(r.before, 'status');
    const now = text(r.after, 'status');
    if (verb === 'add') {
      return now === 'published'
        ? told('post', 'published', label)
        : told('draft post', 'added', label);
    }
    if (was === 'draft' && now === 'published') return told('post', 'published', label);
    if (was === 'published' && now === 'draft') return told('post', 'unpublished', label);
    return told('post', 'changed', label);
  };
}

/** "the member", "the admin" or "the facility account", by the user's role. */
function userKind(reading: Reading): string {
  const role = text(reading.before, 'role') ?? text(reading.after, 'role');
  return role === 'admin' ? 'admin' : role === 'facility' ? 'facility account' : 'member';
}

function userObject(reading: Reading) {
  const name = personName(reading.after) ?? personName(reading.before);
  const email = text(reading.after, 'email') ?? text(reading.before, 'email');
  return named(name, searchHref('/admin/users', email ?? name));
}

function complaintObject(reading: Reading) {
  const reference = firstText(reading, ['reference']);
  const hospital = firstText(reading, ['hospitalName']);
  const label = reference && hospital ? `${reference} (${hospital})` : (reference ?? hospital);
  return named(label, hrefTo('/admin/complaints', reading.id));
}

const statusLabel = (status: string | undefined) =>
  status
    ? (complaintStatusLabels[status as keyof typeof complaintStatusLabels] ?? status)
    : undefined;

function reviewTold(verb: string, reading: Reading, rest = ''): Told {
  const author = personName(record(reading.latest?.author));
  const by = author ? ` by ${author}` : '';
  const rating = reading.latest?.rating;
  const stars = typeof rating === 'number' ? `${rating}-star ` : '';
  const title = firstText(reading, ['title']);
  const object = quoted(title, '/admin/reviews');
  return object
    ? { verb: `${verb} the ${stars}review`, object, rest: `${by}${rest}` }
    : { verb: `${verb} a ${stars}facility review${by}`, object: null, rest };
}

const blogCategory = titled('blog category', ['name'], () => '/admin/blog-categories');
const podcastCategory = titled('podcast category', ['name'], () => '/admin/podcast-categories');
const author = titled('author', ['name'], () => '/admin/authors');
const episode = titled('podcast episode', ['title'], (r) => hrefTo('/admin/podcasts', r.id));
const facility = titled('facility', ['name', 'facilityName'], (r) =>
  hrefTo('/admin/facilities', r.id),
);

/**
 * How each audited route is told, keyed by its action ("PUT /api/v1/admin/users/{id}/role").
 * A new audited route needs an entry here: the audit test fails until it has one.
 */
export const auditTellers: Record<string, Teller> = {
  ...moneyTellers,
  [actionOf(endpoints.campaigns.moderate)]: (r) => {
    const label = quoted(firstText(r, ['title']), hrefTo('/admin/campaigns', r.id));
    const was = text(r.before, 'status');
    const now = text(r.after, 'status');
    if (now === 'active') return told('campaign', 'approved', label);
    if (now === 'rejected') {
      const reason = reasonRest(text(r.after, 'rejectionReason'));
      return told('campaign', was === 'active' ? 'took down' : 'rejected', label, reason);
    }
    if (now === 'completed') return told('campaign', 'marked as completed', label);
    return told('campaign', 'changed the status of', label);
  },
  [actionOf(endpoints.campaignExtensions.decide)]: (r) => {
    const label = quoted(firstText(r, ['title']), hrefTo('/admin/campaigns', r.id));
    const days = r.after?.days;
    return text(r.after, 'decision') === 'granted' && typeof days === 'number'
      ? told('campaign', `gave ${days} more days to`, label)
      : told('campaign', 'refused more time for', label, reasonRest(text(r.after, 'reason')));
  },

  [actionOf(endpoints.campaigns.approveChange)]: (r) => {
    const label = quoted(
      firstText(r, ['campaignTitle', 'title']),
      hrefTo('/admin/campaigns', r.id),
    );
    return told('campaign', 'approved the changes to', label);
  },
  [actionOf(endpoints.campaigns.rejectChange)]: (r) => {
    const label = quoted(
      firstText(r, ['campaignTitle', 'title']),
      hrefTo('/admin/campaigns', r.id),
    );
    const reason = reasonRest(text(r.after, 'rejectionReason'));
    return told('campaign', 'rejected the changes to', label, reason);
  },

  [actionOf(endpoints.complaints.remove)]: (r) => {
    const object = complaintObject({ ...r, id: null });
    return object
      ? { verb: 'deleted the complaint', object: { ...object, href: null } }
      : { verb: 'deleted a complaint', object: null };
  },
  [actionOf(endpoints.complaints.changeStatus)]: (r) => {
    const now = statusLabel(text(r.after, 'status'));
    const object = complaintObject(r);
    const rest = now ? ` to ${now}` : '';
    return object
      ? { verb: 'moved the complaint', object, rest }
      : { verb: 'moved a complaint', object: null, rest };
  },

  [actionOf(endpoints.facilities.moderateReview)]: (r) => {
    const now = text(r.after, 'status');
    if (now === 'approved') return reviewTold('approved', r);
    if (now === 'rejected') {
      return reviewTold('rejected', r, reasonRest(firstText(r, ['rejectionReason'])));
    }
    return reviewTold('changed the status of', r);
  },
  [actionOf(endpoints.facilities.removeReview)]: (r) => reviewTold('deleted', r),

  [actionOf(endpoints.facilities.create)]: facility.add,
  [actionOf(endpoints.facilities.update)]: (r) => {
    const told = facility.change(r);
    // A new name undoes the check of its payout account's name.
    const unverified = r.before?.paysDirect === true && r.after?.paysDirect === false;
    return unverified
      ? { ...told, rest: `${told.rest}; its payout account must be verified again` }
      : told;
  },
  [actionOf(endpoints.facilities.remove)]: facility.remove,

  [actionOf(endpoints.blog.posts.create)]: blogPost('add'),
  [actionOf(endpoints.blog.posts.update)]: blogPost('change'),
  [actionOf(endpoints.blog.posts.remove)]: (r) =>
    told('post', 'deleted', quoted(firstText(r, ['title']))),
  [actionOf(endpoints.blog.comments.remove)]: (r) => {
    const by = personName(record(r.before?.author));
    const post = quoted(
      text(r.before, 'postTitle'),
      hrefTo('/admin/posts', text(r.before, 'postId') ?? null),
    );
    const comment = text(r.before, 'comment');
    const replies = r.before?.replies;
    const withReplies =
      typeof replies === 'number' && replies > 0
        ? ` and ${replies === 1 ? 'its reply' : `its ${replies} replies`}`
        : '';
    const quote = comment ? `: “${shorten(comment, MAX_REST)}”` : '';
    const what = `deleted a comment${by ? ` by ${by}` : ''}${withReplies}`;
    return post
      ? { verb: `${what} on the post`, object: post, rest: quote }
      : { verb: what, object: null, rest: quote };
  },

  [actionOf(endpoints.blog.categories.create)]: blogCategory.add,
  [actionOf(endpoints.blog.categories.rename)]: blogCategory.change,
  [actionOf(endpoints.blog.categories.remove)]: blogCategory.remove,
  [actionOf(endpoints.blog.authors.create)]: author.add,
  [actionOf(endpoints.blog.authors.update)]: author.change,
  [actionOf(endpoints.blog.authors.remove)]: author.remove,

  [actionOf(endpoints.podcasts.create)]: episode.add,
  [actionOf(endpoints.podcasts.update)]: episode.change,
  [actionOf(endpoints.podcasts.remove)]: episode.remove,
  [actionOf(endpoints.podcasts.createCategory)]: podcastCategory.add,
  [actionOf(endpoints.podcasts.renameCategory)]: podcastCategory.change,
  [actionOf(endpoints.podcasts.removeCategory)]: podcastCategory.remove,

  [actionOf(endpoints.siteDocs.create)]: () => ({
    verb: 'wrote the site documents',
    object: null,
    rest: ' (terms, privacy and cookie texts)',
  }),
  [actionOf(endpoints.siteDocs.update)]: () => ({
    verb: 'changed the site documents',
    object: null,
    rest: ' (terms, privacy and cookie texts)',
  }),
  [actionOf(endpoints.siteDocs.updateSiteContent)]: () => ({
    verb: 'changed the site content',
    object: null,
    rest: ' (the texts and figures shown on the site)',
  }),

  [actionOf(endpoints.admin.setRole)]: (r) => {
    const object = userObject(r);
    const now = text(r.after, 'role');
    const was = text(r.before, 'role');
    if (now === 'admin' && was !== 'admin') {
      return { verb: 'gave the admin role to', object, rest: object ? '' : ' a member' };
    }
    if (was === 'admin' && now !== 'admin') {
      return { verb: 'removed the admin role from', object, rest: object ? '' : ' an admin' };
    }
    return told(userKind(r), 'kept the role of', object);
  },
  [actionOf(endpoints.admin.setAdvocate)]: (r) => {
    const object = userObject(r);
    return r.after?.isAdvocate === false
      ? told(userKind(r), 'removed the advocate mark from', object)
      : told(userKind(r), 'marked', object, ' as an advocate');
  },
  [actionOf(endpoints.admin.suspend)]: (r) =>
    told(userKind(r), 'suspended', userObject(r), reasonRest(text(r.after, 'suspendedReason'))),
  [actionOf(endpoints.admin.unsuspend)]: (r) =>
    told(userKind(r), 'lifted the suspension of', userObject(r)),

  [actionOf(endpoints.admin.setMessageHandled)]: (r) => {
    const from = personName(r.after) ?? personName(r.before);
    const email = text(r.after, 'email') ?? text(r.before, 'email');
    const object = named(from, searchHref('/admin/messages', email ?? from));
    const handled = r.after?.handled !== false;
    const rest = handled ? ' as handled' : ' as new again';
    return object
      ? { verb: 'marked the message from', object, rest }
      : { verb: 'marked a contact message', object: null, rest };
  },

  // Reports of a campaign: told by the reported campaign, linked to the report.
  [actionOf(endpoints.campaignReports.holdPayouts)]: (r) => {
    const wasHeld = record(r.before?.campaign)?.payoutsFrozenAt;
    const label = quoted(firstText(r, ['campaignTitle']), hrefTo('/admin/reports', r.id));
    return wasHeld
      ? told('campaign', 'kept the hold on the payouts of', label)
      : told('campaign', 'held the payouts of', label, ' while a report is reviewed');
  },
  [actionOf(endpoints.campaignReports.releasePayouts)]: (r) =>
    told(
      'campaign',
      'released the payouts of',
      quoted(firstText(r, ['campaignTitle']), hrefTo('/admin/reports', r.id)),
    ),
  [actionOf(endpoints.campaignReports.close)]: (r) =>
    told(
      'campaign',
      `closed as ${text(r.after, 'status') ?? 'decided'} a report of`,
      quoted(firstText(r, ['campaignTitle']), hrefTo('/admin/reports', r.id)),
      reasonRest(text(r.after, 'outcome')),
    ),
  [actionOf(endpoints.campaignUpdates.hide)]: (r) => {
    const campaign = record(r.latest?.campaign);
    const object = quoted(
      text(campaign, 'title'),
      hrefTo('/campaigns', text(campaign, '_id') ?? null),
    );
    const rest = reasonRest(text(r.after, 'hiddenReason'));
    return object
      ? { verb: 'hid an update on the campaign', object, rest }
      : { verb: 'hid a campaign update', object: null, rest };
  },
  [actionOf(endpoints.campaignUpdates.hideMessage)]: (r) => {
    const campaign = record(r.latest?.campaign);
    const object = quoted(
      text(campaign, 'title'),
      hrefTo('/campaigns', text(campaign, '_id') ?? null),
    );
    const by = text(r.latest, 'name');
    const verb = `hid a word of support${by ? ` by ${by}` : ''}`;
    return object
      ? { verb: `${verb} on the campaign`, object, rest: '' }
      : { verb, object: null, rest: '' };
  },
};

/** "blog-post" → "blog post", "facility_review" → "facility review". */
function kindOf(entityType: string): string {
  const words = entityType.replace(/[-_]+/g, ' ').trim().toLowerCase();
  return words || 'record';
}

const genericVerb: Record<string, string> = {
  POST: 'added',
  PUT: 'changed',
  PATCH: 'changed',
  DELETE: 'deleted',
};

/** The sentence of an entry whose route has no teller: the method and the record's kind. */
function generic(facts: AuditFacts, reading: Reading): Told {
  const method = facts.action.split(' ')[0] ?? '';
  const verb = genericVerb[method] ?? 'changed';
  const label = firstText(reading, ['title', 'name', 'reference']) ?? personName(reading.latest);
  return told(kindOf(facts.entityType), verb, quoted(label));
}

/** Whether an action has its own way of being told. */
export function hasTeller(action: string): boolean {
  return Object.hasOwn(auditTellers, action);
}

/** One audit entry as a sentence, in parts (see `ZAuditSentence`). */
export function auditSentence(facts: AuditFacts): TAuditSentence {
  const before = record(facts.before);
  const after = record(facts.after);
  const reading: Reading = { id: facts.entityId, before, after, latest: after ?? before };
  const actor = facts.actorName.trim() || 'An admin';
  let result: Told;
  try {
    const teller = auditTellers[facts.action];
    result = teller ? teller(reading) : generic(facts, reading);
  } catch {
    result = generic(facts, reading);
  }
  const rest = result.rest ?? '';
  const object = result.object;
  const label = object ? (object.quoted ? `“${object.label}”` : object.label) : '';
  const sentence = [actor, result.verb, label].filter(Boolean).join(' ') + rest;
  return { text: sentence, actor, verb: result.verb, object, rest };
}
