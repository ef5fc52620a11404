import { createTestApp, type TestApp } from './helpers.ts';

/**
 * What the website documents tests share: each test starts an app of its own (`beforeEach`,
 * closed in `afterEach`), as many of them need a database with no documents or one never
 * initialised; these helpers act on that app.
 */
export let t: TestApp;

/** Starts this test's app. */
export async function startSiteDocsApp(): Promise<void> {
  t = await createTestApp();
}

export const validDocs = {
  termsAndCondition: '<h2>Terms</h2><p>Be kind to other patients.</p>',
  aboutUs: '<p>We amplify patient voices in Nigeria.</p>',
  contactUs: {
    email: 'Care@iPatient.example',
    phone: '+234 803 555 0142',
    address: '1 Marina, Lagos',
  },
  socialMedia: {
    facebook: 'https://www.facebook.com/ipatient',
    x: 'https://x.com/ipatient',
  },
};

export function docsCall(
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method, url: `/api/v1${url}`, payload, headers });
}

export async function storedDocs() {
  return (await t.app.inject({ method: 'GET', url: '/api/v1/get-docs' })).json().result;
}
