import type { CookieConsent } from './consent.ts';

export interface ConsentCategory {
  key: keyof CookieConsent;
  label: string;
  description: string;
}

/** The four categories, in the words the settings dialog and the cookie policy both use. */
export const consentCategories: readonly ConsentCategory[] = [
  {
    key: 'necessary',
    label: 'Necessary',
    description:
      'Keep the site secure and working: signing in, protecting forms and remembering this choice. Always on.',
  },
  {
    key: 'functional',
    label: 'Functional',
    description:
      'Remember preferences you set on this device and allow embedded players, such as podcast episodes.',
  },
  {
    key: 'analytics',
    label: 'Analytics',
    description:
      'Help us see, in aggregate, which pages people use so we can make them faster and clearer.',
  },
  {
    key: 'advertising',
    label: 'Advertising',
    description:
      'Let partners measure the reach of campaigns that promote the platform and its fundraisers.',
  },
];
