import { z } from 'zod';
import {
  ZCampaignDocumentResponse,
  ZCampaignDocumentsResponse,
  ZCampaignDocumentUploadFields,
  ZDocumentLinkQuery,
} from '../evidence.ts';
import { evidenceLimits } from '../evidence-rules.ts';
import { idParams } from './common.ts';
import { defineEndpoint } from './define.ts';

const tags = ['Evidence'];
const megabytes = evidenceLimits.documentMaxBytes / (1024 * 1024);

/** The evidence of a campaign's medical need: private documents and their signed links. */
export const evidenceEndpoints = {
  upload: defineEndpoint({
    method: 'POST',
    path: '/campaign-documents',
    access: 'member',
    tags,
    summary: `Upload a document for your campaign: a PDF, JPEG or PNG of at most ${megabytes} MB (multipart: \`kind\` and the \`file\`)`,
    description:
      'The document is private: only you and admins can see it. The type is read from the file itself, never from its name. Photos are re-encoded without their metadata (location, camera). Attach it by sending its id in `documentIds` when you submit or change a campaign; a document never attached is deleted after a day.',
    multipart: {
      fields: ZCampaignDocumentUploadFields,
      files: { file: `The document: PDF, JPEG or PNG, at most ${megabytes} MB` },
    },
    responses: { 201: ZCampaignDocumentResponse },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/crowdfunding/:id/documents',
    access: 'member',
    tags,
    summary: "A campaign's documents with short-lived download links (its organiser and admins)",
    description: `Anyone else gets 404, as for an unknown campaign. Each link works for ${evidenceLimits.documentLinkSeconds / 60} minutes.`,
    params: idParams('Not a campaign id'),
    responses: { 200: ZCampaignDocumentsResponse },
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/campaign-documents/:id/file',
    access: 'public',
    tags,
    summary: 'A document’s bytes, through a signed link from the documents list',
    description:
      'The signature is the key: a missing, expired or altered one answers 404, as does an unknown document. The file comes as a download, never shown as a page.',
    params: idParams('Not a document id'),
    query: ZDocumentLinkQuery,
    responses: { 200: z.string().meta({ format: 'binary' }) },
  }),
};
