import { brandText } from '@ipatient/contracts/brand';
import type { LucideIcon } from 'lucide-react';
import { BookHeart, Hospital, Newspaper, Podcast, Video } from 'lucide-react';

export interface NavChild {
  title: string;
  description: string;
  href: string;
  icon: LucideIcon;
}

export interface NavLinkItem {
  kind: 'link';
  title: string;
  href: string;
  /** Paths under which the item counts as the current section (docs/product.md#pages-and-navigation highlighting). */
  activePrefixes: readonly string[];
}

export interface NavMenuItem {
  kind: 'menu';
  title: string;
  children: readonly NavChild[];
}

export type NavItem = NavLinkItem | NavMenuItem;

export const resourcesMenu: NavMenuItem = {
  kind: 'menu',
  title: 'Resources',
  children: [
    {
      title: 'Blog',
      description: 'Latest news, articles and relevant updates.',
      href: '/blog',
      icon: Newspaper,
    },
    {
      title: 'Podcasts',
      description: 'Voices of Advocacy, Stories of Hope',
      href: '/podcast',
      icon: Podcast,
    },
    {
      title: brandText('{product} stories'),
      description: 'Real experiences, in their own words.',
      href: '/stories',
      icon: BookHeart,
    },
    {
      title: 'Webinars',
      description: 'Learn from health professionals, live or on demand.',
      href: '/webinars',
      icon: Video,
    },
    {
      title: 'Hospital reviews',
      description: 'Find a hospital or clinic and read what patients say.',
      href: '/review',
      icon: Hospital,
    },
  ],
};

/** The header's links, in order (docs/product.md#pages-and-navigation "Header and footer"). */
export const mainNavigation: readonly NavItem[] = [
  { kind: 'link', title: 'Home', href: '/', activePrefixes: [] },
  { kind: 'link', title: 'Advocacy', href: '/advocacy', activePrefixes: ['/advocacy'] },
  {
    kind: 'link',
    title: 'Campaigns',
    href: '/crowdfunding',
    activePrefixes: ['/crowdfunding', '/campaigns'],
  },
  resourcesMenu,
];

/** True when `pathname` is `href` itself or lies under one of the prefixes (segment-wise). */
export function isCurrentSection(pathname: string, href: string, prefixes: readonly string[]) {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (path === href) return true;
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export interface FooterLink {
  title: string;
  href: string;
}

export interface FooterGroup {
  title: string;
  links: readonly FooterLink[];
}

/** The footer's link groups (docs/product.md#pages-and-navigation: Advocacy, Campaign, Resources, About, Contact, Terms). */
export const footerGroups: readonly FooterGroup[] = [
  {
    title: 'Get involved',
    links: [
      { title: 'Advocacy', href: '/advocacy' },
      { title: 'Campaign', href: '/crowdfunding' },
      { title: 'How the money works', href: '/how-it-works' },
      { title: 'Green-Heart fund', href: '/green-heart-fund' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { title: 'Blog', href: '/blog' },
      { title: 'Podcasts', href: '/podcast' },
      { title: brandText('{product} stories'), href: '/stories' },
      { title: 'Webinars', href: '/webinars' },
      { title: 'Hospital reviews', href: '/review' },
      { title: 'Health & Wellness Awards', href: '/awards' },
    ],
  },
  {
    title: 'Company',
    links: [
      { title: 'About us', href: '/about' },
      { title: 'Contact us', href: '/contact' },
      { title: 'Terms and Conditions', href: '/terms-and-condition' },
      { title: 'Privacy notice', href: '/privacy' },
      { title: 'Cookie policy', href: '/cookie-policy' },
    ],
  },
];
