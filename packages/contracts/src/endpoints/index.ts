import { accessLogEndpoints } from './access-log.ts';
import { accountDeletionEndpoints } from './account-deletion.ts';
import { adminEndpoints } from './admin.ts';
import { authEndpoints } from './auth.ts';
import { banksEndpoints } from './banks.ts';
import { blogEndpoints } from './blog.ts';
import { campaignExtensionsEndpoints } from './campaign-extensions.ts';
import { campaignReportsEndpoints } from './campaign-reports.ts';
import { campaignUpdatesEndpoints } from './campaign-updates.ts';
import { campaignsEndpoints } from './campaigns.ts';
import { complaintsEndpoints } from './complaints.ts';
import { consentsEndpoints } from './consents.ts';
import { contactEndpoints } from './contact.ts';
import { dataExportsEndpoints } from './data-exports.ts';
import { donationsEndpoints } from './donations.ts';
import { evidenceEndpoints } from './evidence.ts';
import { facilitiesEndpoints } from './facilities.ts';
import { formDraftsEndpoints } from './form-drafts.ts';
import { moneyEndpoints } from './money.ts';
import { payoutsEndpoints } from './payouts.ts';
import { phoneEndpoints } from './phone.ts';
import { podcastsEndpoints } from './podcasts.ts';
import { siteDocsEndpoints } from './site-docs.ts';
import { usersEndpoints } from './users.ts';
import { webinarsEndpoints } from './webinars.ts';
import { weeklyReviewEndpoints } from './weekly-review.ts';

/**
 * Every endpoint of the API by area. The server registers each route from its definition; the
 * web's `getApi(context)` is typed from this tree (docs/decisions/011-one-typed-seam.md).
 */
export const endpoints = {
  auth: authEndpoints,
  users: usersEndpoints,
  formDrafts: formDraftsEndpoints,
  contact: contactEndpoints,
  podcasts: podcastsEndpoints,
  campaigns: campaignsEndpoints,
  campaignUpdates: campaignUpdatesEndpoints,
  campaignReports: campaignReportsEndpoints,
  banks: banksEndpoints,
  donations: donationsEndpoints,
  evidence: evidenceEndpoints,
  payouts: payoutsEndpoints,
  money: moneyEndpoints,
  facilities: facilitiesEndpoints,
  complaints: complaintsEndpoints,
  blog: blogEndpoints,
  admin: adminEndpoints,
  siteDocs: siteDocsEndpoints,
  webinars: webinarsEndpoints,
  campaignExtensions: campaignExtensionsEndpoints,
  phone: phoneEndpoints,
  weeklyReview: weeklyReviewEndpoints,
  dataExports: dataExportsEndpoints,
  accountDeletion: accountDeletionEndpoints,
  consents: consentsEndpoints,
  accessLog: accessLogEndpoints,
};

export type Endpoints = typeof endpoints;
