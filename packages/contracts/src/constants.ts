import { brandText } from './brand.ts';

/** Business constants and limits (docs/product.md#limits). */
export const limits = {
  leaderboardSize: 5,
  featuredCampaigns: 3,
  homeBlogPosts: 3,
  homePodcastEpisodes: 2,
  avatarStackMax: 6,
  signupCodeLength: 6,
  /** 10 characters of a 32-letter alphabet: 50 bits, see `security` for why so long. */
  resetCodeLength: 10,
  resendCooldownSeconds: 30,
  sendDelayMs: 1000,
  copyLinkConfirmMs: 2000,
  imageMaxBytes: 850 * 1024,
  imageTypes: ['image/png', 'image/jpeg'] as const,
  cookieConsentDays: 365,
  acknowledgementWorkingDays: 5,
  responseWorkingDays: 20,
  campaignReviewHours: '24-48',
  ratingMin: 1,
  ratingMax: 5,
  sampleFacilities: 12,
  webinarStaticPages: 8,
  iframeHeightCompact: 170,
  iframeHeightDefault: 350,
} as const;

/** Excerpt lengths, in characters (docs/product.md#limits). */
export const excerpts = {
  campaignList: 80,
  campaignCard: 150,
  blogTitle: 70,
  homePodcastSummary: 100,
  podcastCardSummary: 120,
  blogShareText: 50,
} as const;

export const donationPresets = [500, 1000, 5000, 10000] as const;

export const campaignDurations = [
  '1 month',
  '2 months',
  '3 months',
  '6 months',
  '9 months',
  '1 year',
] as const;

export const campaignCategories = [
  'Hospital Bill Support',
  'Medication/Drug Expenses',
  'Emergency Treatment/Surgery',
] as const;

export const beneficiaryTypes = ['yourself', 'someone else', 'charity'] as const;

export const campaignStatuses = ['awaiting_review', 'active', 'rejected', 'completed'] as const;

export const wizardSteps = 5;

export const genders = ['male', 'female', 'other', 'prefer-not-to-say'] as const;

export const advocacyCategories = [
  'health insurance',
  'medical billing',
  'medical errors/Negligence',
  brandText('{product} Rights'),
] as const;

export const webinarTopics = [
  'Nutrition and Diet',
  'Physical Fitness and Exercise',
  'Mental Health and Wellbeing',
  'Chronic Disease Management',
  "Women's Health",
  "Men's Health",
  'Healthy Aging',
  'Preventative Health',
  'Community Health and Wellness',
] as const;

export const awardYears = [2021, 2022, 2023, 2024] as const;

/** Toast timings (docs/product.md#messages-and-errors), applied by the server-rendered toast (ADR 008). */
export const toastTimings = {
  blankMs: 4000,
  errorMs: 4000,
  customMs: 4000,
  successMs: 2000,
  maxKept: 20,
  removeDelayMs: 1000,
} as const;

/**
 * Security limits. Failure limits are counted per account *and* network address, so someone
 * elsewhere cannot lock the owner out; per address they are high, because Nigerian mobile
 * carriers put many subscribers behind one address (CGNAT); per account across all addresses
 * failures slow down (a doubling delay) instead of locking. "Address" is the client key of
 * lib/client-key.ts (an IPv6 address counts per /64).
 */
export const security = {
  codeTtlMinutes: 10,
  /** Wrong tries that close a code; after that only a new code can be used. */
  codeMaxWrongTries: 5,
  codeSendsPerHour: 5,
  loginFailureWindowMinutes: 15,
  /**
   * Failed logins for one account from one address in the window before 429: enough for a
   * person who forgot which password they used, and only that address is refused.
   */
  loginFailuresPerAccountAddress: 10,
  /**
   * Failed logins from one address in the window, across all accounts: against spraying one
   * password over many accounts, and high enough that a carrier address shared by thousands of
   * people is not refused for a few of them mistyping.
   */
  loginFailuresPerAddress: 200,
  /**
   * Failed logins for one account from all addresses (in `accountSlowdownWindowHours`) that go
   * unhindered; each further one doubles the wait before the next try, from
   * `accountSlowdownFirstSeconds` up to `accountSlowdownMaxSeconds`. An attacker with many
   * addresses gets about 100 guesses a day at one account; its owner waits at most 15 minutes.
   */
  accountSlowdownAfterFailures: 10,
  accountSlowdownFirstSeconds: 1,
  accountSlowdownMaxSeconds: 15 * 60,
  /** The failures counted by the slowdown (at most a day: older abuse events are pruned). */
  accountSlowdownWindowHours: 24,
  /** Wrong codes for one email from one address in the login window (two codes' worth). */
  codeChecksPerAccountAddress: 10,
  /** Wrong codes from one address in the login window, across all emails (shared carriers). */
  codeChecksPerAddress: 200,
  /**
   * Wrong reset codes for one account per hour from all addresses: four codes' worth (a code
   * closes after 5, and at most 5 codes are sent an hour).
   */
  resetChecksPerAccountPerHour: 20,
  /**
   * Wrong reset codes per hour for the whole site: a brake on guessing spread over many
   * accounts and addresses. With 50-bit codes, even this many guesses every hour for a year
   * hit a given open code with odds of about 1 in 40 million.
   */
  resetChecksSiteWidePerHour: 3000,
  /** Code emails per network address per hour, across all addresses it asks for. */
  codeSendsPerAddressPerHour: 50,
  accessTokenMinutes: 15,
  refreshTokenDays: 30,
  /** A refresh token presented twice within this time (two tabs at once) is not an attack. */
  refreshReuseGraceSeconds: 10,
  profileImageMaxBytes: 5 * 1024 * 1024,
  documentMaxBytes: 5 * 1024 * 1024,
} as const;

/** The web app's cookies and headers (docs/product.md#cookies). */
export const cookieNames = {
  consent: 'cookie_consent',
  csrf: 'XSRF-TOKEN',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
} as const;

export const csrfHeader = 'X-XSRF-TOKEN';
