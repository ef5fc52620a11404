import { extensionRequestProblem } from '@ipatient/contracts/campaign-rules';
import type { TOwnCampaign } from '@ipatient/contracts/campaigns';
import { donationCountOf } from '../../lib/donation-count.ts';

// The account's Campaign tab: what it shows of each campaign (the view is my-campaigns-view.tsx,
// kept apart so pages that only link to the tab do not load it).
export { campaignTabPath } from './campaign-tab-path.ts';
export { type LatestDonations, MyCampaigns } from './my-campaigns-view.tsx';

export type MyCampaign = Pick<
  TOwnCampaign,
  | '_id'
  | 'title'
  | 'fundraisingFor'
  | 'firstName'
  | 'lastName'
  | 'state'
  | 'lga'
  | 'image'
  | 'imageWidth'
  | 'imageHeight'
  | 'imageSizes'
  | 'status'
  | 'rejectionReason'
  | 'likesCount'
  | 'user'
  | 'amountRaised'
  | 'amountNeeded'
  | 'endsAt'
  | 'ended'
  | 'extensionRequest'
> & {
  donationCount: number;
  /** The organiser may ask for more time now (see `extensionRequestProblem`). */
  mayAskForTime: boolean;
  /** An edit of the live campaign waits for review (visitors see the approved version). */
  changeAwaitingReview: boolean;
};

export function toMyCampaign(campaign: TOwnCampaign): MyCampaign {
  return {
    amountRaised: campaign.amountRaised,
    amountNeeded: campaign.amountNeeded,
    donationCount: donationCountOf(campaign),
    _id: campaign._id,
    title: campaign.title,
    fundraisingFor: campaign.fundraisingFor,
    firstName: campaign.firstName,
    lastName: campaign.lastName,
    state: campaign.state,
    lga: campaign.lga,
    image: campaign.image,
    imageWidth: campaign.imageWidth,
    imageHeight: campaign.imageHeight,
    imageSizes: campaign.imageSizes,
    status: campaign.status,
    rejectionReason: campaign.rejectionReason,
    likesCount: campaign.likesCount,
    user: campaign.user,
    endsAt: campaign.endsAt,
    ended: campaign.ended,
    extensionRequest: campaign.extensionRequest,
    changeAwaitingReview: campaign.changeAwaitingReview,
    mayAskForTime:
      extensionRequestProblem({
        status: campaign.status,
        endsAt: campaign.endsAt,
        extensionDays: campaign.extensionDays,
        extensionRequestedAt: campaign.extensionRequest?.requestedAt ?? null,
      }) === undefined,
  };
}
