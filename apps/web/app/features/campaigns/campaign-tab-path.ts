/** Where the account's Campaign tab is, and its no-script delete confirmation. */
export const campaignTabPath = '/account?tab=campaign';
