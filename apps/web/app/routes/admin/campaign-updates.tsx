import { campaignUpdateLimits, campaignUpdateTexts } from '@ipatient/contracts/campaign-updates';
import { isUuid } from '@ipatient/contracts/ids';
import type { ReactNode } from 'react';
import {
  confirmHrefs,
  confirmParam,
  withoutConfirm,
} from '../../components/admin/confirm-action.tsx';
import { ActionToast } from '../../components/ui/action-toast.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Pagination, pageNumber } from '../../components/ui/pagination.tsx';
import { listHref } from '../../features/admin/admin-list.ts';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { returnPath } from '../../features/admin-moderation/moderation.server.ts';
import { ReasonAction } from '../../features/admin-moderation/reason-action.tsx';
import {
  adminUpdatesPath,
  UpdateModerationCard,
  WordModerationCard,
} from '../../features/campaign-updates/admin-updates.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formFailure,
  formText,
  readFormData,
  redirectWithFlash,
} from '../../lib/forms.server.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/campaign-updates';

export function meta() {
  return pageMeta({
    title: 'Updates and words of support · Admin',
    description: 'Organisers’ updates and donors’ messages, to hide one.',
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const given = url.searchParams.get('campaignId') ?? '';
  const campaignId = isUuid(given) ? given : undefined;
  const page = pageNumber(url.searchParams.get('page'));
  const body = await readBody(
    'GET campaign updates to moderate',
    getApi(context).campaignUpdates.adminList({ query: { campaignId, page } }),
  );
  return {
    campaignId: campaignId ?? null,
    list: body?.result ?? null,
    current: `${url.pathname}${url.search}`,
    confirming: url.searchParams.get(confirmParam),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  const id = formText(form, 'id');
  const back = returnPath(formText(form, 'returnTo'), adminUpdatesPath, adminUpdatesPath);
  const api = getApi(context, form);
  const failureIntent = `${intent}:${id}`;
  const reason = formText(form, 'reason');
  const hide =
    intent === 'hide-update' && id
      ? {
          call: api.campaignUpdates.hide({ params: { id }, body: { reason } }),
          done: campaignUpdateTexts.updateHidden,
          failed: 'The update could not be hidden.',
          echo: ['reason'],
        }
      : intent === 'hide-word' && id
        ? {
            call: api.campaignUpdates.hideMessage({ params: { id } }),
            done: campaignUpdateTexts.messageHidden,
            failed: 'The message could not be hidden.',
            echo: [],
          }
        : undefined;
  if (!hide) return formFailure('Choose what to hide.', { intent: failureIntent });
  const response = await hide.call;
  if (!response.ok) {
    return actionFailure(response, hide.failed, {
      intent: failureIntent,
      values: echoValues(form, hide.echo),
    });
  }
  return redirectWithFlash(
    request,
    withoutConfirm(back),
    { kind: 'success', message: apiMessage(response.body, hide.done) },
    response.setCookies,
  );
}

/** One of the page's two lists: its heading with the total, then its items or why there are none. */
function QueueSection({
  id,
  title,
  total,
  empty,
  children,
}: {
  id: string;
  title: string;
  total: number;
  /** Shown instead of the list when this page of it has no items. */
  empty: ReactNode;
  /** The items, or an empty array. */
  children: ReactNode[];
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title} ({total})
      </h2>
      {children.length === 0 ? empty : <ul className="space-y-4">{children}</ul>}
    </section>
  );
}

export default function AdminCampaignUpdates({ loaderData, actionData }: Route.ComponentProps) {
  const { list, current, confirming, campaignId } = loaderData;
  const resultFor = (key: string) => (actionData?.intent === key ? actionData : undefined);
  const totalPages = list
    ? Math.max(1, Math.ceil(Math.max(list.updatesTotal, list.wordsTotal) / list.limit))
    : 1;
  return (
    <>
      <ActionToast result={actionData} />
      <AdminPageHeader
        title="Updates and words of support"
        lead={
          <p>
            Newest first; messages the organiser reported come first. A hidden update or message
            leaves the campaign page at once; the organiser still sees their hidden update and the
            reason.
          </p>
        }
      />
      {campaignId ? (
        <p className="mb-6">
          <a
            href={adminUpdatesPath}
            className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
          >
            Show every campaign
          </a>
        </p>
      ) : null}
      {list === null ? (
        <FormAlert message="The updates could not be loaded. Please try again." />
      ) : (
        <div className="space-y-10">
          <QueueSection
            id="words-title"
            title="Words of support"
            total={list.wordsTotal}
            empty={
              <EmptyState title="No messages here">
                <p>No donor has left a message on this page of the list.</p>
              </EmptyState>
            }
          >
            {list.words.map((word) => (
              <li key={word._id}>
                <WordModerationCard
                  word={word}
                  current={current}
                  result={resultFor(`hide-word:${word._id}`)}
                />
              </li>
            ))}
          </QueueSection>
          <QueueSection
            id="updates-list-title"
            title="Updates"
            total={list.updatesTotal}
            empty={
              <EmptyState title="No updates here">
                <p>No organiser has posted an update on this page of the list.</p>
              </EmptyState>
            }
          >
            {list.updates.map((update) => {
              const key = `hide-${update._id}`;
              const refused = resultFor(`hide-update:${update._id}`);
              return (
                <li key={update._id}>
                  <UpdateModerationCard
                    update={update}
                    hide={
                      <ReasonAction
                        id={key}
                        label="Hide"
                        subject={update.campaign.title}
                        title="Hide this update?"
                        description="It leaves the campaign page at once; the organiser sees it marked hidden, with your reason."
                        confirmLabel="Hide update"
                        action={adminUpdatesPath}
                        fields={{ intent: 'hide-update', id: update._id, returnTo: current }}
                        reasonLabel="Reason (the organiser sees it)"
                        minLength={campaignUpdateLimits.hideReasonMin}
                        maxLength={campaignUpdateLimits.hideReasonMax}
                        {...confirmHrefs(current, key)}
                        confirming={confirming === key || refused !== undefined}
                        value={refused?.values.reason}
                        error={refused?.errors.reason ?? refused?.message}
                      />
                    }
                  />
                </li>
              );
            })}
          </QueueSection>
          <Pagination
            label="Pages"
            page={list.page}
            totalPages={totalPages}
            hrefFor={(page) =>
              listHref(adminUpdatesPath, { campaignId: campaignId ?? undefined }, page)
            }
          />
        </div>
      )}
    </>
  );
}
