import { brandText } from '@ipatient/contracts/brand';

export interface TimelineItem {
  /** The number to stand out, when the item has one. */
  figure?: string;
  text: string;
}

export interface TimelineYear {
  year: string;
  label: string;
  items: readonly TimelineItem[];
}

/** The yearly record and goals, exactly as SPEC §2 "Home about timeline" gives them. */
export const timeline: readonly TimelineYear[] = [
  {
    year: '2023',
    label: 'Where we started',
    items: [
      { figure: '24', text: 'clinics' },
      { figure: '183', text: brandText('{product}s reached nationally') },
      { figure: '3', text: brandText('local {product} organisations') },
      { figure: '7', text: 'complaints resolved through mediation' },
      { text: 'A prescription discounts programme' },
    ],
  },
  {
    year: '2024',
    label: 'Growing the community',
    items: [
      { text: 'Launch of the web platform' },
      { figure: '540', text: 'community members' },
      { figure: '34', text: brandText('{product} rights cases advocated') },
      { text: brandText('The i{product} podcast') },
    ],
  },
  {
    year: '2025',
    label: 'Our goals',
    items: [
      { text: brandText('i{product} app on web, iOS and Android') },
      { text: brandText('{product} Advocacy Masterclass and Training') },
      { text: 'Green-Heart Campaign web feature' },
      { text: 'National expansion of the advocacy network' },
      { figure: '2000', text: 'community members' },
    ],
  },
];
