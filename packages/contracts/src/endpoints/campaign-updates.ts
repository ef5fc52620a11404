/** Organisers' updates, words of support and thanks (filled in as the feature is built). */
export const campaignUpdatesEndpoints = {};
