import banner from './images/awards-banner.svg?url';

/** The awards banner illustration (a trophy; 640 × 400). */
export const awardsBanner = { src: banner, width: 640, height: 400 } as const;
