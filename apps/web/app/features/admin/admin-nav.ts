/** The admin console's sections, in the order of the side menu. */
export const adminSections = [
  { title: 'Dashboard', href: '/admin' },
  { title: 'Campaigns', href: '/admin/campaigns' },
  { title: 'Campaign changes', href: '/admin/campaign-changes' },
  { title: 'Extensions', href: '/admin/extensions' },
  { title: 'Updates and words', href: '/admin/campaign-updates' },
  { title: 'Reports', href: '/admin/reports' },
  { title: 'Weekly winners', href: '/admin/weekly-winners' },
  { title: 'Payouts', href: '/admin/payouts' },
  { title: 'Money', href: '/admin/money' },
  { title: 'Complaints', href: '/admin/complaints' },
  { title: 'Facility reviews', href: '/admin/reviews' },
  { title: 'Facilities', href: '/admin/facilities' },
  { title: 'Blog posts', href: '/admin/posts' },
  { title: 'Blog categories', href: '/admin/blog-categories' },
  { title: 'Authors', href: '/admin/authors' },
  { title: 'Podcasts', href: '/admin/podcasts' },
  { title: 'Podcast categories', href: '/admin/podcast-categories' },
  { title: 'Site documents', href: '/admin/documents' },
  { title: 'Site content', href: '/admin/site-content' },
  { title: 'Contact messages', href: '/admin/messages' },
  { title: 'Webinar registrations', href: '/admin/webinar-registrations' },
  { title: 'Users', href: '/admin/users' },
  { title: 'Audit log', href: '/admin/audit' },
  { title: 'Access log', href: '/admin/access-log' },
] as const;

/** The section a path belongs to: the longest matching prefix. */
export function currentAdminSection(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: string | undefined;
  for (const section of adminSections) {
    const match = path === section.href || path.startsWith(`${section.href}/`);
    if (match && (!best || section.href.length > best.length)) best = section.href;
  }
  return best;
}
