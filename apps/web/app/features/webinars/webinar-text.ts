import type { Webinar } from '@ipatient/contracts/webinars';

export function webinarPath(id: string): string {
  return `/webinars/${encodeURIComponent(id)}`;
}

/** The card's call to action (docs/product.md#webinars): 'Watch Now' for recordings, 'Sign up' for what is to come. */
export function webinarAction(webinar: Pick<Webinar, 'format'>): string {
  return webinar.format === 'on-demand' ? 'Watch Now' : 'Sign up';
}

export function webinarFormatLabel(webinar: Pick<Webinar, 'format'>): string {
  return webinar.format === 'on-demand' ? 'On demand' : 'Upcoming';
}
