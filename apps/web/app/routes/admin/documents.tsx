import { formatDate } from '@ipatient/contracts/format';
import { socialNetworks, type TSiteDocuments } from '@ipatient/contracts/site-docs';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import {
  SiteDocsForm,
  siteDocsFieldNames,
  siteDocsFields,
} from '../../features/admin-content/site-docs-form.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import { lookupSiteDocuments } from '../../lib/site-docs.server.ts';
import type { Route } from './+types/documents';

const path = '/admin/documents';

export function meta() {
  return pageMeta({
    title: 'Site documents',
    description:
      'Edit the terms and conditions, the about us text, the contact details and the social media links of the site.',
  });
}

/** The form's values of stored documents, by field name. */
function formValues(documents: TSiteDocuments): Record<string, string> {
  const values: Record<string, string> = {
    [siteDocsFields.terms]: documents.termsAndCondition.content,
    [siteDocsFields.about]: documents.aboutUs,
    [siteDocsFields.email]: documents.contactUs.email,
    [siteDocsFields.phone]: documents.contactUs.phone,
    [siteDocsFields.address]: documents.contactUs.address,
  };
  for (const network of socialNetworks) {
    values[siteDocsFields.social(network)] = documents.socialMedia[network] ?? '';
  }
  return values;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const lookup = await lookupSiteDocuments(context);
  return {
    values: lookup.kind === 'found' ? formValues(lookup.documents) : {},
    termsUpdated: lookup.kind === 'found' ? lookup.documents.termsAndCondition.dateUpdated : null,
    exists: lookup.kind === 'found',
    failed: lookup.kind === 'error',
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const socialMedia: Record<string, string> = {};
  for (const network of socialNetworks) {
    socialMedia[network] = formText(form, siteDocsFields.social(network)).trim();
  }
  const body = {
    termsAndCondition: formText(form, siteDocsFields.terms),
    aboutUs: formText(form, siteDocsFields.about),
    contactUs: {
      email: formText(form, siteDocsFields.email),
      phone: formText(form, siteDocsFields.phone),
      address: formText(form, siteDocsFields.address),
    },
    socialMedia,
  };
  // The first save creates the documents; every later one changes them.
  const exists = (await lookupSiteDocuments(context)).kind !== 'none';
  const api = getApi(context, form);
  const response = exists
    ? await api.siteDocs.update({ body })
    : await api.siteDocs.create({ body });
  if (!response.ok) {
    return actionFailure(response, 'The site documents could not be saved.', {
      values: echoValues(form, siteDocsFieldNames),
    });
  }
  return redirectWithFlash(
    request,
    path,
    { kind: 'success', message: apiMessage(response.body, 'Website documents updated') },
    response.setCookies,
  );
}

export default function AdminDocuments({ loaderData, actionData }: Route.ComponentProps) {
  const { values, termsUpdated, exists, failed } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Site documents"
        lead={
          <p>
            The terms and conditions, the about us text, the contact details and the social media
            links the whole site shows. Saving new terms moves their “last updated” date.
          </p>
        }
      />
      {failed ? (
        <div className="mb-6">
          <FormAlert message="The site documents could not be loaded. Please reload the page before saving." />
        </div>
      ) : !exists ? (
        <p className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          No site documents are published yet: fill in every section and publish them.
        </p>
      ) : null}
      <SiteDocsForm
        initial={values}
        exists={exists}
        result={actionData}
        termsUpdated={
          termsUpdated ? (
            <p className="text-sm text-slate-700">
              Last updated <time dateTime={termsUpdated}>{formatDate(termsUpdated)}</time>
            </p>
          ) : null
        }
      />
      <ActionToast result={actionData} />
    </>
  );
}
