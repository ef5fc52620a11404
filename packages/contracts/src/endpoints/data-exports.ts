import { z } from 'zod';
import {
  dataExportLimits,
  ZDataExportDownloadQuery,
  ZDataExportResponse,
  ZDataExportsResponse,
} from '../data-exports.ts';
import { idParams } from './common.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Your data'];

/** The member's right to a copy of their data (access and portability). */
export const dataExportsEndpoints = {
  request: defineEndpoint({
    method: 'POST',
    path: '/me/data-exports',
    access: 'member',
    tags,
    summary: 'Ask for a copy of everything the site holds about you (prepared in the background)',
    description: `Refused while one is still being prepared, and after ${dataExportLimits.perDay} requests in 24 hours. An email with a download link follows; the link works for ${dataExportLimits.days} days.`,
    responses: { 201: ZDataExportResponse },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/me/data-exports',
    access: 'member',
    tags,
    summary: 'Your requests for a copy of your data, newest first',
    responses: { 200: ZDataExportsResponse },
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/me/data-exports/:id/download',
    access: 'member',
    tags,
    summary: 'The zip of your data, with the token from the email',
    description:
      'Only for the member who asked, signed in. Someone else’s link or a wrong token answers 404, as does an unknown id; an expired link 410.',
    params: idParams('Not a data export id'),
    query: ZDataExportDownloadQuery,
    responses: { 200: z.string().meta({ format: 'binary' }) },
    file: true,
  }),
};
