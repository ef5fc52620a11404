import { ZMessageResponse } from '../accounts.ts';
import {
  ZCampaignReportCloseRequest,
  ZCampaignReportListQuery,
  ZCampaignReportListResponse,
  ZCampaignReportRequest,
  ZCampaignReportResponse,
  ZReportableCampaignResponse,
} from '../campaign-reports.ts';
import { idParams } from './common.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Campaign reports'];
const campaignId = idParams('Not a campaign id');
const reportId = idParams('Not a report id');

/**
 * Reports of a campaign (docs/product.md#campaign-reports): any visitor may report a live or
 * completed campaign; admins work the queue, may hold the campaign's payouts while they look,
 * and close each report as upheld or dismissed, which is emailed to the reporter.
 */
export const campaignReportsEndpoints = {
  form: defineEndpoint({
    method: 'GET',
    path: '/crowdfunding/:id/reports/form',
    access: 'public',
    tags,
    summary: 'The campaign as the report form names it (404 unless it is live or completed)',
    params: campaignId,
    responses: { 200: ZReportableCampaignResponse },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/crowdfunding/:id/reports',
    access: 'viewer',
    tags,
    summary: 'Report a live or completed campaign (no account needed)',
    description:
      'reason (one of the listed reasons), details (20 to 2,000 characters) and an optional email to hear the outcome (sent an acknowledgement at once). A signed-in member is recorded as the reporter. At most 5 reports an hour from one network address, 1 a day of one campaign from one address and 30 a day of one campaign in all: beyond them 429.',
    params: campaignId,
    body: ZCampaignReportRequest,
    responses: { 201: ZMessageResponse },
  }),
  adminList: defineEndpoint({
    method: 'GET',
    path: '/admin/campaign-reports',
    access: 'admin',
    tags,
    summary: 'Reports of campaigns: open first, then oldest first; by status',
    query: ZCampaignReportListQuery,
    responses: { 200: ZCampaignReportListResponse },
  }),
  adminGet: defineEndpoint({
    method: 'GET',
    path: '/admin/campaign-reports/:id',
    access: 'admin',
    tags,
    summary: 'One report, its campaign’s payout hold and the campaign’s other reports',
    params: reportId,
    responses: { 200: ZCampaignReportResponse },
  }),
  holdPayouts: defineEndpoint({
    method: 'POST',
    path: '/admin/campaign-reports/:id/hold-payouts',
    access: 'admin',
    tags,
    summary: 'Hold the reported campaign’s payouts while the report is reviewed',
    description: 'A campaign whose payouts are already held keeps its hold and its reason.',
    params: reportId,
    responses: { 200: ZCampaignReportResponse },
  }),
  releasePayouts: defineEndpoint({
    method: 'POST',
    path: '/admin/campaign-reports/:id/release-payouts',
    access: 'admin',
    tags,
    summary: 'Release the hold a report put on the campaign’s payouts',
    description:
      'Only a hold placed for a report is released here; a hold for another reason answers 409.',
    params: reportId,
    responses: { 200: ZCampaignReportResponse },
  }),
  close: defineEndpoint({
    method: 'POST',
    path: '/admin/campaign-reports/:id/close',
    access: 'admin',
    tags,
    summary: 'Close an open report as upheld or dismissed; the outcome is emailed to the reporter',
    params: reportId,
    body: ZCampaignReportCloseRequest,
    responses: { 200: ZCampaignReportResponse },
  }),
};
