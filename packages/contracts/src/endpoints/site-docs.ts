import { ZSiteContentRequest, ZSiteContentResponse } from '../site-content.ts';
import { ZGetDocsResponse, ZSiteDocsCreateRequest, ZSiteDocsUpdateRequest } from '../site-docs.ts';
import { defineEndpoint } from './define.ts';

/** The website documents (terms, about us, contact, social links) and the site content. */
const tags = ['Website documents'];

export const siteDocsEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/get-docs',
    access: 'public',
    tags,
    summary: 'The terms and conditions, about us, contact details, social links and site content',
    responses: { 200: ZGetDocsResponse },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/create-dedocs',
    access: 'admin',
    tags,
    summary: 'Admins: create the website documents (409 once they exist)',
    description:
      "termsAndCondition and aboutUs are HTML (sanitized on write); contactUs is {email, phone, address}; socialMedia (optional) holds https links on each network's own host.",
    security: [{ bearerAuth: [] }],
    body: ZSiteDocsCreateRequest,
    responses: { 201: ZGetDocsResponse },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/update-dedocs',
    access: 'admin',
    tags,
    summary: 'Admins: change any of the website documents',
    description:
      'Each document sent replaces the stored one (socialMedia as a whole: a link left out is removed). Terms that differ from the stored ones move their dateUpdated; the same terms sent again do not.',
    security: [{ bearerAuth: [] }],
    body: ZSiteDocsUpdateRequest,
    responses: { 200: ZGetDocsResponse },
  }),
  siteContent: defineEndpoint({
    method: 'GET',
    path: '/site-content',
    access: 'public',
    tags,
    summary: 'The site content: trust line, timeline, awards year and categories, demo notice',
    description:
      'The same siteContent GET /get-docs answers: each part as an admin saved it, else the launch text.',
    responses: { 200: ZSiteContentResponse },
  }),
  updateSiteContent: defineEndpoint({
    method: 'PUT',
    path: '/admin/site-content',
    access: 'admin',
    tags,
    summary: 'Admins: change the site content',
    description:
      "Any of heroTrustLine ('' shows none), timeline (1-4 years, each with 1-8 items of an optional figure and a text), awards ({year, categories: exactly two of {name, awards: [{title, description}]}}) and demoNotice; each part sent replaces the stored one. 404 before the website documents exist.",
    security: [{ bearerAuth: [] }],
    body: ZSiteContentRequest,
    responses: { 200: ZSiteContentResponse },
  }),
};
