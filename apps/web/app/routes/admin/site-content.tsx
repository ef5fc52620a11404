import { Link } from 'react-router';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import {
  readSiteContentForm,
  siteContentFieldNames,
  siteContentFormValues,
  slotsFor,
} from '../../features/admin-content/site-content-fields.ts';
import { SiteContentForm } from '../../features/admin-content/site-content-form.tsx';
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
import type { Route } from './+types/site-content';

const path = '/admin/site-content';

export function meta() {
  return pageMeta({
    title: 'Site content',
    description:
      "Edit the home page's trust line, the timeline's figures, the awards' year and categories, and the demo notice.",
  });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const lookup = await lookupSiteDocuments(context);
  if (lookup.kind !== 'found') return { state: lookup.kind } as const;
  const content = lookup.documents.siteContent;
  return {
    state: 'found',
    values: siteContentFormValues(content),
    slots: slotsFor(content),
  } as const;
}

/** PUT /admin/site-content with every part; blank rows are dropped, errors mapped back. */
export async function action({ context, request }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const { body, rename } = readSiteContentForm((name) => formText(form, name));
  const response = await getApi(context, form).siteDocs.updateSiteContent({ body });
  if (!response.ok) {
    return actionFailure(response, 'The site content could not be saved.', {
      values: echoValues(form, siteContentFieldNames()),
      rename,
    });
  }
  return redirectWithFlash(
    request,
    path,
    { kind: 'success', message: apiMessage(response.body, 'Site content updated') },
    response.setCookies,
  );
}

export default function AdminSiteContent({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Site content"
        lead={
          <p>
            Claims and figures the public pages show. They started as the launch texts: change them
            so every one of them is true today.
          </p>
        }
      />
      {loaderData.state === 'found' ? (
        <SiteContentForm initial={loaderData.values} slots={loaderData.slots} result={actionData} />
      ) : loaderData.state === 'none' ? (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          Publish the{' '}
          <Link to="/admin/documents" className="font-semibold underline">
            site documents
          </Link>{' '}
          first: the site content is saved with them.
        </p>
      ) : (
        <FormAlert message="The site content could not be loaded. Please reload the page." />
      )}
      <ActionToast result={actionData} />
    </>
  );
}
