import { cookieNames, limits } from '@ipatient/contracts/constants';
import {
  type BrowserContext,
  type Cookie,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

/** Every page the header and footer lead to, with the h1 a visitor should find there. */
export const sitePages = [
  { path: '/', heading: 'Amplifying Patient Voices in Nigeria' },
  { path: '/advocacy', heading: 'Patient Advocacy' },
  { path: '/crowdfunding', heading: 'Uniting Hearts, Saving Lives!' },
  { path: '/campaigns', heading: 'Support a campaign' },
  { path: '/blog', heading: 'Our Latest Articles and Blog Posts' },
  { path: '/podcast', heading: 'Voices of Advocacy, Stories of Hope' },
  { path: '/review', heading: 'Find and review healthcare facilities' },
  { path: '/stories', heading: 'Stories of hope and courage' },
  { path: '/webinars', heading: 'Health webinars' },
  { path: '/awards', heading: 'Health & Wellness Awards 2024' },
  { path: '/signup', heading: 'Create your account' },
  { path: '/login', heading: 'Welcome Back' },
  { path: '/Login', heading: 'Welcome Back' },
  { path: '/verify', heading: 'Verify Your Account' },
  { path: '/reset-password', heading: 'Hello!' },
  { path: '/verify-password', heading: 'Choose a new password' },
  { path: '/about', heading: 'Our Story' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/terms-and-condition', heading: 'Terms and Conditions' },
  { path: '/terms', heading: 'Terms and Conditions' },
  { path: '/cookie-policy', heading: 'Cookie Policy' },
] as const;

export interface ConsentValue {
  necessary: boolean;
  functional: boolean;
  analytics: boolean;
  advertising: boolean;
}

export const bannerTitle = 'We care about your privacy';

/**
 * Stores a choice up front, for tests about something other than the banner: necessary cookies
 * only, unless `choices` allows more (functional cookies load embedded players).
 */
export async function giveConsent(
  context: BrowserContext,
  baseURL: string | undefined,
  choices: Partial<Omit<ConsentValue, 'necessary'>> = {},
) {
  const value: ConsentValue = {
    necessary: true,
    functional: false,
    analytics: false,
    advertising: false,
    ...choices,
  };
  await context.addCookies([
    {
      name: cookieNames.consent,
      value: encodeURIComponent(JSON.stringify(value)),
      url: baseURL ?? 'http://127.0.0.1:3107',
    },
  ]);
}

export async function consentCookie(context: BrowserContext): Promise<Cookie | undefined> {
  const cookies = await context.cookies();
  return cookies.find((cookie) => cookie.name === cookieNames.consent);
}

/** The stored choice, checked to last about a year. */
export async function expectStoredConsent(context: BrowserContext, expected: ConsentValue) {
  const cookie = await consentCookie(context);
  expect(cookie, 'the consent cookie is set').toBeDefined();
  if (!cookie) return;
  expect(JSON.parse(decodeURIComponent(cookie.value))).toEqual(expected);
  expect(cookie.path).toBe('/');
  expect(cookie.sameSite).toBe('Lax');
  const expectedExpiry = Date.now() / 1000 + limits.cookieConsentDays * 24 * 60 * 60;
  expect(Math.abs(cookie.expires - expectedExpiry)).toBeLessThan(60 * 60);
}

/** Text of server HTML without tags, as a reader would see it. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** A native disclosure (<details>) is open or closed. */
export async function expectOpen(details: Locator, open = true) {
  if (open) await expect(details).toHaveAttribute('open');
  else await expect(details).not.toHaveAttribute('open');
}

/** A toast (role status) that contains the text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

/** A second site of the browser tests without demo content (playwright.config.ts). */
export const emptySite = { url: 'http://127.0.0.1:3108', dataDir: '.data-e2e-empty' } as const;
