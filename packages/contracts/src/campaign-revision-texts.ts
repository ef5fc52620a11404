// The texts and limits of changes to live campaigns, without the schemas: pages import these
// without bringing the validation library into the browser.

export const revisionTexts = {
  alreadySubmitted: 'You have already submitted this campaign. You can find it in your account.',
  savedForReview:
    'Your changes were saved and will show once our team has reviewed them. Your campaign stays live meanwhile.',
  waitingNote: 'Your changes are waiting for review; visitors see the approved version until then.',
  withdrawn: 'Your changes were withdrawn. Visitors see the approved version.',
  payoutsOnHold: "Payouts are on hold while the campaign's new bank account is verified.",
  ended: 'This campaign has ended.',
  approved: 'The changes are live and the organiser has been told.',
  rejected: 'The changes were rejected and the organiser has been told why.',
  stale: 'The organiser changed this again after you opened it. Please review the latest version.',
  noPending: 'This campaign has no changes waiting for review.',
} as const;

export const revisionReasonMax = 1000;
