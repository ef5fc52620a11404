import type { TCampaign } from '@ipatient/contracts/campaigns';
import { Heart } from 'lucide-react';
import { Form, Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { LikeButton } from '../../components/ui/like-button.tsx';
import { CsrfField } from '../../lib/session.tsx';
import { greenHearts } from './campaign-text.ts';
import { StatusBadge } from './status-badge.tsx';

interface LikeFormProps {
  campaign: Pick<
    TCampaign,
    '_id' | 'likesCount' | 'likedByMe' | 'isOwner' | 'status' | 'rejectionReason'
  >;
  signedIn: boolean;
  /** False for a member whose phone is not verified: their Green-Heart does not count weekly. */
  phoneVerified: boolean;
  /** This page's address, to come back to after logging in. */
  returnTo: string;
}

/** The Like button's id: the form posts to `…#campaign-like`, so the page comes back there. */
export const likeButtonId = 'campaign-like';

/**
 * The Green-Heart: a plain form post, so it works before any script. One per member: once given,
 * the button is filled and no longer submits. Visitors are asked to log in; the organiser sees the
 * campaign's status instead (nobody likes their own campaign). The form's address ends in the
 * button's fragment, which the redirect after the post keeps: the page opens at the button, and
 * with script the button has the focus again.
 */
export function LikeForm({ campaign, signedIn, phoneVerified, returnTo }: LikeFormProps) {
  const count = (
    <p className="text-lg font-bold text-slate-900" data-like-count="">
      {greenHearts(campaign.likesCount)}
    </p>
  );

  if (campaign.isOwner || campaign.status !== 'active') {
    return (
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge status={campaign.status} />
          {count}
        </div>
        {campaign.isOwner && campaign.status === 'awaiting_review' ? (
          <p className="text-sm text-slate-700">
            Our team is reviewing your campaign. It goes live once it is approved.
          </p>
        ) : null}
        {campaign.status === 'rejected' && campaign.rejectionReason ? (
          <p className="rounded-xl bg-red-50 p-3 text-sm text-red-900">
            <span className="font-semibold">Reason: </span>
            {campaign.rejectionReason}
          </p>
        ) : null}
      </div>
    );
  }

  if (!signedIn) {
    const login = `/login?${new URLSearchParams({ redirectTo: returnTo })}`;
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Link to={login} className={buttonClass('primary')}>
          <Heart aria-hidden="true" className="h-4 w-4" />
          Login to like
        </Link>
        {count}
      </div>
    );
  }

  const liked = campaign.likedByMe;
  const form = (
    <Form
      method="post"
      action={`${returnTo}#${likeButtonId}`}
      className="flex flex-wrap items-center gap-3"
    >
      <CsrfField />
      <input type="hidden" name="intent" value="like" />
      <LikeButton liked={liked} id={likeButtonId}>
        {liked ? 'Liked' : 'Like'}
      </LikeButton>
      {count}
    </Form>
  );
  if (phoneVerified) return form;
  return (
    <div className="space-y-2">
      {form}
      <p className="text-sm text-slate-700">
        <Link
          to="/account/phone"
          className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          Verify your phone number
        </Link>{' '}
        so your Green-Heart counts for the weekly funding.
      </p>
    </div>
  );
}
