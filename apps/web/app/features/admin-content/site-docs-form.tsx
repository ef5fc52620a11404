import { type SocialNetwork, siteDocsLimits, socialNetworks } from '@ipatient/contracts/site-docs';
import { Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { socialNetworks as footerNetworks } from '../../components/brand/social-links.tsx';
import { RichTextEditor } from '../../components/rich-text-editor/rich-text-editor.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';

/** The form's field names: the API's own paths, so its errors land next to the right field. */
export const siteDocsFields = {
  terms: 'termsAndCondition',
  about: 'aboutUs',
  email: 'contactUs.email',
  phone: 'contactUs.phone',
  address: 'contactUs.address',
  social: (network: SocialNetwork) => `socialMedia.${network}`,
} as const;

/** Every field of the form, as posted. */
export const siteDocsFieldNames: readonly string[] = [
  siteDocsFields.terms,
  siteDocsFields.about,
  siteDocsFields.email,
  siteDocsFields.phone,
  siteDocsFields.address,
  ...socialNetworks.map(siteDocsFields.social),
];

/** The name the footer gives a network ("LinkedIn"), else its key. */
export function networkName(network: SocialNetwork): string {
  return footerNetworks.find((item) => item.network === network)?.name ?? network;
}

const socialHints: Record<SocialNetwork, string> = {
  facebook: 'https://www.facebook.com/…',
  x: 'https://x.com/…',
  instagram: 'https://www.instagram.com/…',
  linkedin: 'https://www.linkedin.com/company/…',
  youtube: 'https://www.youtube.com/@…',
};

interface SiteDocsFormProps {
  /** The stored values by field name ('' for a new set of documents). */
  initial: Record<string, string>;
  /** When the terms last changed (ISO), shown next to them. */
  termsUpdated: ReactNode;
  result: ActionResult | undefined;
  /** The documents exist (an update) or not (the first version). */
  exists: boolean;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The website documents: terms, about us, contact details and social links, saved together. */
export function SiteDocsForm({ initial, termsUpdated, result, exists }: SiteDocsFormProps) {
  const errors = result?.errors ?? {};
  const value = (name: string) => result?.values[name] ?? initial[name] ?? '';
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="space-y-6" noValidate>
      <CsrfField />
      <FormAlert message={result?.ok === false ? result.message : undefined} />
      <Section id="terms-title" title="Terms and conditions">
        {termsUpdated}
        <RichTextEditor
          id="terms"
          name={siteDocsFields.terms}
          label="Terms and conditions text"
          defaultValue={value(siteDocsFields.terms)}
          error={errors[siteDocsFields.terms]}
        />
      </Section>
      <Section id="about-title" title="About us">
        <RichTextEditor
          id="about"
          name={siteDocsFields.about}
          label="About us text"
          defaultValue={value(siteDocsFields.about)}
          error={errors[siteDocsFields.about]}
        />
      </Section>
      <Section id="contact-title" title="Contact us">
        <p className="text-sm text-slate-700">
          The email and address are shown on the contact page, the email in the footer too; the
          phone on the contact page when one is given.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Contact email"
            id="contact-email"
            name={siteDocsFields.email}
            type="email"
            autoComplete="off"
            required
            defaultValue={value(siteDocsFields.email)}
            error={errors[siteDocsFields.email]}
          />
          <TextField
            label="Contact phone"
            id="contact-phone"
            name={siteDocsFields.phone}
            type="tel"
            autoComplete="off"
            maxLength={siteDocsLimits.phoneMax}
            defaultValue={value(siteDocsFields.phone)}
            error={errors[siteDocsFields.phone]}
            hint="A number people can call, with the country code, e.g. +234 801 234 5678. Leave it blank if no one answers a phone line: the site then shows none."
          />
          <TextAreaField
            label="Contact address"
            id="contact-address"
            name={siteDocsFields.address}
            rows={3}
            required
            maxLength={siteDocsLimits.addressMax}
            defaultValue={value(siteDocsFields.address)}
            error={errors[siteDocsFields.address]}
            className="sm:col-span-2"
          />
        </div>
      </Section>
      <Section id="social-title" title="Social media links">
        <p className="text-sm text-slate-700">
          The footer links to each profile that is filled in. Leave a field blank to remove its
          link.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {socialNetworks.map((network) => (
            <TextField
              key={network}
              label={networkName(network)}
              id={`social-${network}`}
              name={siteDocsFields.social(network)}
              type="url"
              inputMode="url"
              maxLength={500}
              placeholder={socialHints[network]}
              defaultValue={value(siteDocsFields.social(network))}
              error={errors[siteDocsFields.social(network)]}
            />
          ))}
        </div>
      </Section>
      <button type="submit" className={buttonClass('primary')} disabled={busy}>
        <Save aria-hidden="true" className="h-4 w-4" />
        {busy ? 'Saving…' : exists ? 'Save documents' : 'Publish documents'}
      </button>
    </Form>
  );
}
