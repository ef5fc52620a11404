import { z } from 'zod';
import { personNameRules } from './account-rules.ts';
import { ZEmail, ZPersonName } from './accounts.ts';
import { webinarTopics } from './constants.ts';
import { ZContactPhone } from './contact.ts';
import { pageNumberParam, ZResultEnvelope, ZResultsEnvelope } from './envelopes.ts';
import { formatDate } from './format.ts';

/** One of the nine webinar topics (docs/product.md#webinars). */
export type WebinarTopic = (typeof webinarTopics)[number];

/** 'on-demand' webinars can be watched now ('Watch Now'); 'upcoming' ones take sign-ups ('Sign up'). */
export type WebinarFormat = 'on-demand' | 'upcoming';

export interface WebinarSpeaker {
  name: string;
  role: string;
}

/** A sample webinar (docs/product.md#webinars: sample-only; id is a slug). */
export interface Webinar {
  id: string;
  title: string;
  subtitle: string;
  /** The illustration's file name (apps/web/app/features/webinars/images/). */
  image: string;
  categories: readonly WebinarTopic[];
  /** ISO date (and time, West Africa Time) it was or will be held. */
  date: string;
  durationMinutes: number;
  format: WebinarFormat;
  /** Paragraphs. */
  description: readonly string[];
  speakers: readonly WebinarSpeaker[];
}

/** The six sample webinars, newest first. */
export const webinars: readonly Webinar[] = [
  {
    id: 'managing-diabetes-at-home',
    title: 'Managing Diabetes at Home',
    subtitle: 'Everyday habits, blood sugar checks and knowing when to see your doctor',
    image: 'managing-diabetes-at-home.svg',
    categories: ['Chronic Disease Management', 'Nutrition and Diet'],
    date: '2026-12-10T16:00:00+01:00',
    durationMinutes: 60,
    format: 'upcoming',
    description: [
      'Living with diabetes is a daily job, and most of it happens at home, far from the clinic. This session walks through the routines that make it easier: keeping a simple blood sugar diary, planning meals around familiar Nigerian foods, and taking medicines as prescribed.',
      'Our speakers will explain which warning signs mean you should see a doctor the same day, how to prepare for a clinic visit so you get the most from it, and how family members can help without taking over. There will be time for your questions at the end.',
    ],
    speakers: [
      { name: 'Dr. Adaeze Nwosu', role: 'Consultant Endocrinologist, Enugu' },
      { name: 'Mrs. Folake Adeyemi', role: 'Diabetes Nurse Educator, Ibadan' },
    ],
  },
  {
    id: 'mind-matters',
    title: 'Mind Matters: Talking About Mental Health',
    subtitle: 'Breaking the silence on stress, low mood and anxiety in our communities',
    image: 'mind-matters.svg',
    categories: ['Mental Health and Wellbeing', 'Community Health and Wellness'],
    date: '2027-01-21T18:00:00+01:00',
    durationMinutes: 75,
    format: 'upcoming',
    description: [
      'Many of us were raised to keep our worries to ourselves. This webinar opens a gentle, honest conversation about stress, low mood and anxiety: how they can show up in the body and in daily life, and why asking for help is a sign of strength.',
      'You will hear practical ways to look after your mental wellbeing, how to support a friend or relative who is struggling, and where to find trained help in Nigeria. The session is not a substitute for care from a professional.',
    ],
    speakers: [
      { name: 'Dr. Ibrahim Musa', role: 'Consultant Psychiatrist, Kano' },
      { name: 'Ms. Chiamaka Obi', role: 'Clinical Psychologist, Lagos' },
    ],
  },
  {
    id: 'eating-well-on-a-budget',
    title: 'Eating Well on a Budget',
    subtitle: 'Healthy plates from the local market without breaking the bank',
    image: 'eating-well-on-a-budget.svg',
    categories: ['Nutrition and Diet', 'Preventative Health'],
    date: '2026-09-17T16:00:00+01:00',
    durationMinutes: 55,
    format: 'on-demand',
    description: [
      'Good food does not have to be expensive. A registered dietitian shows how to build balanced meals from beans, garri, vegetables, fish and fruit in season, and how to cut down on salt, sugar and oil without losing the taste of home cooking.',
      'The session also covers reading food labels, feeding children and older relatives, and simple swaps that help the whole family.',
    ],
    speakers: [
      { name: 'Mrs. Halima Bello', role: 'Registered Dietitian, Abuja' },
      { name: 'Dr. Tunde Afolabi', role: 'Public Health Physician, Lagos' },
    ],
  },
  {
    id: 'move-more-live-more',
    title: 'Move More, Live More',
    subtitle: 'Simple exercise for busy people, at any age and any fitness level',
    image: 'move-more-live-more.svg',
    categories: ['Physical Fitness and Exercise', 'Healthy Aging', 'Preventative Health'],
    date: '2026-08-13T17:00:00+01:00',
    durationMinutes: 45,
    format: 'on-demand',
    description: [
      'You do not need a gym to be active. A physiotherapist and a sports medicine doctor share easy ways to move more during a busy day: brisk walking, stretching at your desk, and exercises you can do safely at home.',
      'They explain how to start slowly if you have not exercised in years, what to watch for if you live with a long-term condition, and how older adults can keep their balance and strength.',
    ],
    speakers: [
      { name: 'Mr. Emeka Okonkwo', role: 'Physiotherapist, Port Harcourt' },
      { name: 'Dr. Zainab Yusuf', role: 'Sports Medicine Physician, Kaduna' },
    ],
  },
  {
    id: 'womens-health-every-stage',
    title: "Women's Health at Every Stage",
    subtitle: 'From first period to menopause: questions women often feel shy to ask',
    image: 'womens-health-every-stage.svg',
    categories: ["Women's Health", 'Preventative Health'],
    date: '2026-07-09T16:00:00+01:00',
    durationMinutes: 70,
    format: 'on-demand',
    description: [
      "A warm, frank conversation about women's health through life: periods, family planning, pregnancy care, screening for cervical and breast cancer, and the changes of menopause.",
      'Our speakers explain which check-ups matter at each age, how to talk to your health worker about sensitive topics, and where to find affordable screening near you.',
    ],
    speakers: [
      { name: 'Dr. Ngozi Eze', role: 'Consultant Obstetrician and Gynaecologist, Enugu' },
      { name: 'Mrs. Aisha Lawal', role: 'Midwife and Community Health Educator, Sokoto' },
    ],
  },
  {
    id: 'mens-health-check-up',
    title: "Men's Health: The Check-Up You Keep Putting Off",
    subtitle: 'Blood pressure, prostate health and why men should not wait until it hurts',
    image: 'mens-health-check-up.svg',
    categories: ["Men's Health", 'Chronic Disease Management', 'Healthy Aging'],
    date: '2026-06-11T18:00:00+01:00',
    durationMinutes: 50,
    format: 'on-demand',
    description: [
      'Many men only see a doctor when something is badly wrong. This webinar explains the simple checks every man should have, such as blood pressure, blood sugar and, from middle age, prostate health, and what the results mean.',
      'Our speakers talk openly about the worries that keep men away from clinics and how families and workplaces can encourage regular check-ups.',
    ],
    speakers: [
      { name: 'Dr. Olumide Bankole', role: 'Consultant Urologist, Ibadan' },
      { name: 'Dr. Samuel Danjuma', role: 'Family Physician, Jos' },
    ],
  },
];

export function findWebinar(id: string): Webinar | undefined {
  return webinars.find((webinar) => webinar.id === id);
}

const timeFormat = new Intl.DateTimeFormat('en-NG', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Africa/Lagos',
});

/** "10 December 2026, 4:00 pm WAT": when a webinar is (or was) held, in Lagos time. */
export function formatWebinarTime(webinar: Pick<Webinar, 'date'>): string {
  const time = timeFormat.format(new Date(webinar.date)).replace(/\s*([ap])\.?m\.?$/i, ' $1m');
  return `${formatDate(webinar.date)}, ${time.toLowerCase()} WAT`;
}

export function isWebinarTopic(value: string): value is WebinarTopic {
  return (webinarTopics as readonly string[]).includes(value);
}

export interface WebinarFilter {
  /** Words to look for in the title, subtitle, description, topics and speakers. */
  q?: string;
  /** Topics to keep: a webinar matches when it has any of them; none means all. */
  topics?: readonly string[];
}

/** The webinars matching a search and topic filter, in list order. */
export function filterWebinars(filter: WebinarFilter, list: readonly Webinar[] = webinars) {
  const words = (filter.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const topics = (filter.topics ?? []).filter(isWebinarTopic);
  return list.filter((webinar) => {
    if (topics.length > 0 && !webinar.categories.some((topic) => topics.includes(topic))) {
      return false;
    }
    if (words.length === 0) return true;
    const haystack = [
      webinar.title,
      webinar.subtitle,
      ...webinar.description,
      ...webinar.categories,
      ...webinar.speakers.flatMap((speaker) => [speaker.name, speaker.role]),
    ]
      .join(' ')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

export const webinarLimits = {
  nameMax: personNameRules.maxLength,
  searchMax: 100,
  pageSize: 6,
  /** Registrations per network address per hour. */
  perAddressPerHour: 10,
  adminPageMax: 100,
} as const;

/** POST /webinars/{id}/registrations: the 'Watch On-Demand' form. */
export const ZWebinarRegistrationRequest = z.object({
  firstName: ZPersonName('First name'),
  lastName: ZPersonName('Last name'),
  email: ZEmail,
  phone: ZContactPhone,
});
export type TWebinarRegistrationRequest = z.infer<typeof ZWebinarRegistrationRequest>;

export const ZWebinarRegistrationResponse = ZResultEnvelope(z.object({ webinarId: z.string() }));

export const webinarRegistrationTexts = {
  registered: 'You are registered for this webinar. We have sent you a confirmation email.',
  alreadyRegistered: 'You are already registered for this webinar.',
  notFound: 'Webinar not found',
} as const;

/** One registration, as admins see it. */
export const ZWebinarRegistration = z.object({
  id: z.string(),
  webinarId: z.string(),
  webinarTitle: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  userId: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebinarRegistration = z.infer<typeof ZWebinarRegistration>;

export const ZWebinarRegistrationListResponse = ZResultsEnvelope(ZWebinarRegistration);

/** GET /admin/webinar-registrations: newest first, optionally of one webinar. */
export const ZWebinarRegistrationListQuery = z.object({
  webinarId: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .refine((value) => findWebinar(value) !== undefined, { error: 'No webinar has this id' })
      .optional(),
  ),
  page: pageNumberParam('page', 1, 100_000),
  limit: pageNumberParam('limit', 20, webinarLimits.adminPageMax),
});
export type TWebinarRegistrationListQuery = z.infer<typeof ZWebinarRegistrationListQuery>;
