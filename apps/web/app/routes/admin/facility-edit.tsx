import { bankChoiceGroups } from '@ipatient/contracts/bank-choices';
import type { TFacility } from '@ipatient/contracts/facilities';
import { banks } from '@ipatient/contracts/reference';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import {
  ConfirmAction,
  confirmHrefs,
  confirmParam,
} from '../../components/admin/confirm-action.tsx';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { foundOrThrow } from '../../features/admin/admin-detail.server.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import {
  deleteFacility,
  isPayoutIntent,
  payoutAccountAction,
} from '../../features/admin-moderation/facility-admin.server.ts';
import {
  FacilityForm,
  type FacilityFormValues,
  facilityFormFields,
} from '../../features/admin-moderation/facility-form.tsx';
import {
  PayoutAccountSection,
  payoutIntents,
} from '../../features/facilities/payout-account-section.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { lookup } from '../../lib/api-read.server.ts';
import {
  actionFailure,
  apiMessage,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { resultFor } from '../../lib/forms.ts';
import { pageMeta } from '../../lib/meta.ts';
import { getPageContext } from '../../lib/page-context.ts';
import type { Route } from './+types/facility-edit';

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData?.facility
      ? `Edit ${loaderData.facility.name} · Admin`
      : 'New facility · Admin',
    description:
      'A facility of the directory: name, type, services, place, photo and verified flag.',
  });
}

function toFormValues(facility: TFacility): FacilityFormValues {
  return {
    name: facility.name,
    facilityType: facility.facilityType,
    services: facility.services.join(', '),
    state: facility.state,
    lga: facility.lga,
    address: facility.address,
    verified: facility.verified,
    image: facility.image,
    imageSizes: facility.imageSizes.map((size) => ({
      width: size.width,
      height: size.height,
      path: size.key,
    })),
  };
}

/** The bank list as the wizard offers it: the most used banks first, then A–Z. */
function payoutBanks() {
  const groups = bankChoiceGroups(banks);
  const choice = (bank: { code: string; name: string }) => ({ code: bank.code, name: bank.name });
  return { mostUsed: groups.mostUsed.map(choice), others: groups.others.map(choice) };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireAdmin(context, request);
  const url = new URL(request.url);
  const base = {
    current: `${url.pathname}${url.search}`,
    confirming: url.searchParams.get(confirmParam),
  };
  if (!params.id) return { ...base, id: null, facility: null, payout: null };
  const api = getApi(context).facilities;
  const [found, account] = await Promise.all([
    lookup('GET facility', api.get({ params: { id: params.id } })),
    lookup('GET facility payout account', api.payoutAccount({ params: { id: params.id } })),
  ]);
  const { result: facility } = foundOrThrow(found, {
    missing: 'Facility not found',
    failed: 'The facility could not be loaded.',
  });
  const payout = {
    account: account.kind === 'found' ? account.value.result : null,
    loadFailed: account.kind !== 'found',
    banks: payoutBanks(),
    sandbox: getPageContext(context).sandbox ?? false,
    viewerId: viewer._id,
  };
  return { ...base, id: facility._id, facility: toFormValues(facility), payout };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  if (intent === 'delete' && params.id) {
    return deleteFacility(request, context, form, params.id, '/admin/facilities');
  }
  if (isPayoutIntent(intent) && params.id) {
    return payoutAccountAction(request, context, form, params.id, `/admin/facilities/${params.id}`);
  }
  const upload = new FormData();
  for (const field of facilityFormFields) {
    if (field === 'verified') continue;
    upload.append(field, formText(form, field));
  }
  upload.append('verified', form.get('verified') === 'true' ? 'true' : 'false');
  const image = form.get('image');
  if (image instanceof File && image.size > 0) upload.append('image', image, image.name);
  const api = getApi(context, form).facilities;
  const response = params.id
    ? await api.update({ params: { id: params.id }, form: upload })
    : await api.create({ form: upload });
  const values: Record<string, string> = {};
  for (const field of facilityFormFields) values[field] = formText(form, field);
  values.verified = form.get('verified') === 'true' ? 'true' : 'false';
  if (!response.ok) {
    return actionFailure(response, 'The facility could not be saved.', { intent: 'save', values });
  }
  return redirectWithFlash(
    request,
    `/admin/facilities/${response.body.result._id}`,
    { kind: 'success', message: apiMessage(response.body, 'Facility saved') },
    response.setCookies,
  );
}

export default function AdminFacilityEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { id, facility, current, confirming, payout } = loaderData;
  const action = id ? `/admin/facilities/${id}` : '/admin/facilities/new';
  return (
    <>
      <ActionToast result={actionData} />
      <AdminPageHeader
        back={{ to: '/admin/facilities', label: 'Back to facilities' }}
        title={facility ? `Edit ${facility.name}` : 'New facility'}
        lead={<p>Every field but the services and the photo is required.</p>}
        actions={
          id ? (
            <Link to={`/review/${id}`} className="text-brand-800 underline underline-offset-2">
              View public page
            </Link>
          ) : undefined
        }
      />
      <div className="max-w-2xl space-y-8">
        <FacilityForm
          action={action}
          initial={facility}
          result={resultFor(actionData, 'save')}
          submitLabel={id ? 'Save changes' : 'Add facility'}
        />
        {id && facility && payout ? (
          payout.loadFailed ? (
            <p className="text-sm text-red-700">The payout account could not be loaded.</p>
          ) : (
            <PayoutAccountSection
              action={action}
              facilityName={facility.name}
              account={payout.account}
              banks={payout.banks}
              sandbox={payout.sandbox}
              viewerId={payout.viewerId}
              result={resultFor(actionData, payoutIntents.save)}
              current={current}
              confirming={confirming}
            />
          )
        ) : null}
        {id && facility ? (
          <section aria-labelledby="danger-zone" className="space-y-3">
            <h2 id="danger-zone" className="text-lg font-bold text-slate-900">
              Delete this facility
            </h2>
            <ConfirmAction
              id="delete-facility"
              label="Delete facility"
              title={`Delete ${facility.name}?`}
              description="The facility, all its reviews and its photo are deleted. This cannot be undone."
              confirmLabel="Yes, delete facility"
              action={action}
              fields={{ intent: 'delete' }}
              {...confirmHrefs(current, 'delete')}
              confirming={confirming === 'delete'}
              icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
            />
          </section>
        ) : null}
      </div>
    </>
  );
}
