import { brand } from '@ipatient/contracts/brand';
import type { MetaDescriptor } from 'react-router';

export interface PageMetaInput {
  /** The page's own title; the site name is appended ("Blog | iPatient"). */
  title?: string;
  description: string;
}

/** Title and description of one page, in the "… | iPatient" form every page uses. */
export function pageMeta({ title, description }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title ? `${title} | ${brand.siteName}` : brand.siteName;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: brand.siteName },
  ];
}
