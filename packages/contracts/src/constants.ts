import { brandText } from './brand.ts';

/** Business constants and limits (SPEC §9). */
export const limits = {
  leaderboardSize: 5,
  featuredCampaigns: 3,
  homeBlogPosts: 3,
  homePodcastEpisodes: 2,
  avatarStackMax: 6,
  signupCodeLength: 6,
  resetCodeLength: 4,
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

/** Excerpt lengths, in characters (SPEC §9). */
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

/** Toast timings (SPEC §4), applied by the server-rendered toast (ADR 008). */
export const toastTimings = {
  blankMs: 4000,
  errorMs: 4000,
  customMs: 4000,
  successMs: 2000,
  maxKept: 20,
  removeDelayMs: 1000,
} as const;

/** Security limits (DESIGN §5). */
export const security = {
  codeTtlMinutes: 10,
  codeMaxWrongTries: 5,
  codeSendsPerHour: 5,
  /** Failed logins allowed per account in the window before 429. */
  loginFailuresAllowed: 10,
  loginFailureWindowMinutes: 15,
  /** Per network address: higher, because mobile carriers put many people behind one address. */
  loginFailuresPerAddress: 50,
  /** Code checks (sign-up and reset) per network address in the login window. */
  codeChecksPerAddress: 50,
  /** Code emails per network address per hour, across all addresses it asks for. */
  codeSendsPerAddressPerHour: 50,
  accessTokenMinutes: 15,
  refreshTokenDays: 30,
  /** A refresh token presented twice within this time (two tabs at once) is not an attack. */
  refreshReuseGraceSeconds: 10,
  profileImageMaxBytes: 5 * 1024 * 1024,
  documentMaxBytes: 5 * 1024 * 1024,
} as const;

/** The web app's cookies and headers (SPEC §9). */
export const cookieNames = {
  consent: 'cookie_consent',
  csrf: 'XSRF-TOKEN',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
} as const;

export const csrfHeader = 'X-XSRF-TOKEN';
