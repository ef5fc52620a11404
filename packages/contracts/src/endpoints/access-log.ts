import { ZAccessLogQuery, ZAccessLogResponse } from '../access-log.ts';
import { defineEndpoint } from './define.ts';

/** Who opened which private record (breach readiness), for admins. */
export const accessLogEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/access-log',
    access: 'admin',
    tags: ['Admin'],
    summary: 'Admins: who opened which private record, newest first, with filters',
    description:
      'subjectType is one of campaign_document, complaint, complaint_document, facility_document, data_export; from/to are ISO dates (a date-only `to` includes that whole day).',
    query: ZAccessLogQuery,
    responses: { 200: ZAccessLogResponse },
  }),
};
