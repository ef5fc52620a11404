import type { TSocialMedia } from '@ipatient/contracts/site-docs';
import type { ReactNode } from 'react';

export interface SocialLink {
  network: keyof TSocialMedia;
  name: string;
  icon: ReactNode;
}

const iconProps = {
  focusable: false,
  viewBox: '0 0 24 24',
  className: 'h-5 w-5',
} as const;

const strokeProps = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/**
 * The social networks the footer can link to, in order. The profile addresses come from the
 * website documents (`socialMedia`); brand marks are drawn inline (lucide dropped brand icons),
 * so they cost no request and no JavaScript.
 */
export const socialNetworks: readonly SocialLink[] = [
  {
    network: 'facebook',
    name: 'Facebook',
    icon: (
      <svg aria-hidden="true" {...iconProps} {...strokeProps}>
        <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
      </svg>
    ),
  },
  {
    network: 'x',
    name: 'X',
    icon: (
      <svg aria-hidden="true" {...iconProps} fill="currentColor">
        <path d="M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.4l-5.8-7.58-6.64 7.58H.47l8.6-9.83L0 1.15h7.6l5.24 6.93zm-1.29 19.5h2.04L6.49 3.24H4.3z" />
      </svg>
    ),
  },
  {
    network: 'instagram',
    name: 'Instagram',
    icon: (
      <svg aria-hidden="true" {...iconProps} {...strokeProps}>
        <rect width="20" height="20" x="2" y="2" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <path d="M17.5 6.5h.01" />
      </svg>
    ),
  },
  {
    network: 'linkedin',
    name: 'LinkedIn',
    icon: (
      <svg aria-hidden="true" {...iconProps} {...strokeProps}>
        <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
        <rect width="4" height="12" x="2" y="9" />
        <circle cx="4" cy="4" r="2" />
      </svg>
    ),
  },
  {
    network: 'youtube',
    name: 'YouTube',
    icon: (
      <svg aria-hidden="true" {...iconProps} {...strokeProps}>
        <path d="M2.5 17a24 24 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.6 49.6 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24 24 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.6 49.6 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
        <path d="m10 15 5-3-5-3z" />
      </svg>
    ),
  },
];
