import { brandText } from '@ipatient/contracts/brand';
import { errorTexts } from '@ipatient/contracts/errors';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { LinkButton } from '../components/ui/link-button.tsx';
import { Section } from '../components/ui/section.tsx';
import { advocateSectionPath } from '../features/account/account-information.tsx';
import { NewComplaintForm } from '../features/complaints/complaint-form.tsx';
import { ComplaintGuide } from '../features/complaints/complaint-guide.tsx';
import {
  acknowledgementWithin,
  complaintFields,
  complaintFormPath,
  complaintPath,
  complaintsTabPath,
  responseWithin,
} from '../features/complaints/complaint-text.ts';
import { complaintRequest } from '../features/complaints/complaints.server.ts';
import { PageHero } from '../features/pages/page-hero.tsx';
import { getApi } from '../lib/api-context.ts';
import { keepDraftAndLogin, takeDraft } from '../lib/form-drafts.server.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  readFormData,
  redirectWithFlash,
} from '../lib/forms.server.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { getSession } from '../lib/session.server.ts';
import type { Route } from './+types/advocacy';

// The form is a plain post to this route's action; the page needs no React in the browser.
export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Advocacy',
    description: brandText(
      'How to raise a complaint about your care in Nigeria, step by step, and send it to {product} advocates who follow it through.',
    ),
  });
}

/** Back from logging in, what the visitor typed fills the form again (once). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSession(context).user();
  const kept = user ? await takeDraft(context, request) : null;
  return { signedIn: user !== null, kept };
}

/**
 * POST /create-advocacy; on success the complaint's page shows its reference and deadlines.
 * Sent signed out (or after the session ended), what was typed is kept while they log in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const keep = () =>
    keepDraftAndLogin(context, request, form, {
      fields: complaintFields,
      back: complaintFormPath,
      intent: 'create',
    });
  if (!(await getSession(context).user())) return keep();
  const body = complaintRequest(form);
  const response = await getApi(context, form).complaints.create({ body });
  if (response.status === 401) return keep();
  if (!response.ok) {
    return actionFailure(response, errorTexts.createAdvocacy, {
      intent: 'create',
      values: echoValues(form, complaintFields),
    });
  }
  return redirectWithFlash(
    request,
    `${complaintPath(response.body.result._id)}?submitted=1`,
    { kind: 'success', message: apiMessage(response.body, 'Your complaint has been submitted') },
    response.setCookies,
  );
}

export default function Advocacy({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, kept } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Advocacy"
        title={brandText('{product} Advocacy')}
        lead={
          <p>
            If you or someone you care for was let down by a hospital or clinic, you deserve to be
            heard. We help you raise it the right way and follow it through.
          </p>
        }
      >
        <LinkButton to="#complaint-form">Send a complaint</LinkButton>
        {/* Members volunteer from their account page; visitors sign up with the advocate box. */}
        <LinkButton to={signedIn ? advocateSectionPath : '/signup'} variant="secondary">
          Volunteer as an advocate
        </LinkButton>
      </PageHero>
      <Section labelledBy="complaint-guide-title" tone="white">
        <ComplaintGuide variant="advocacy" />
      </Section>
      <section
        id="complaint-form"
        aria-labelledby="complaint-form-title"
        className="scroll-mt-24 border-t border-brand-100 bg-brand-50"
      >
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:px-6 md:py-20 lg:grid-cols-[1fr_1.6fr]">
          <div className="space-y-4 text-slate-700">
            <h2
              id="complaint-form-title"
              className="text-2xl font-extrabold tracking-tight text-slate-900 md:text-3xl"
            >
              Send your complaint
            </h2>
            <p>
              Tell us which hospital or clinic it was and what happened. You get a reference number
              at once, an acknowledgement {acknowledgementWithin} and an official response{' '}
              {responseWithin}.
            </p>
            {signedIn ? (
              <p>
                You can follow every complaint you send in{' '}
                <a href={complaintsTabPath} className="font-semibold text-brand-800 underline">
                  your account
                </a>
                .
              </p>
            ) : (
              <p>
                Complaints are sent from your account, so we can reach you and you can follow
                progress. Write it here, then log in or sign up: you come straight back to this
                form, with what you wrote kept.
              </p>
            )}
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 md:p-8">
            <NewComplaintForm
              result={actionData?.ok === false ? actionData : undefined}
              signedIn={signedIn}
              kept={kept}
            />
          </div>
        </div>
      </section>
      <ActionToast result={actionData} />
    </>
  );
}
