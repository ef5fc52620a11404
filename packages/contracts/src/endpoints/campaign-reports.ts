/** Reports of a campaign and the admins' queue (filled in as the feature is built). */
export const campaignReportsEndpoints = {};
