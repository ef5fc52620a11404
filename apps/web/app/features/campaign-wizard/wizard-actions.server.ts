import { revisionTexts } from '@ipatient/contracts/campaign-revisions';
import { errorTexts } from '@ipatient/contracts/errors';
import { data, type RouterContextProvider } from 'react-router';
import { getApi } from '../../lib/api-context.ts';
import {
  apiMessage,
  formText,
  readFormData,
  redirectWithFlash,
  withCookies,
} from '../../lib/forms.server.ts';
import { getSession } from '../../lib/session.server.ts';
import {
  postedDocumentIds,
  postedFacility,
  searchFacilities,
  uploadDocument,
  uploadPostedDocuments,
} from './wizard-evidence.server.ts';
import type { SignInAgain } from './wizard-island.tsx';
import {
  beneficiaryNameParts,
  campaignFields,
  changedFields,
  facilityChanged,
  tickBoxFields,
  type VerifiedAccount,
  type WizardDocument,
  type WizardValues,
} from './wizard-model.ts';
import type { SubmitResult, VerifyResult } from './wizard-results.ts';

type Context = Readonly<RouterContextProvider>;

const failureStatus = (response: { status: number }) =>
  response.status >= 400 && response.status < 600 ? response.status : 500;

/** POST /verify-bank-account for the wizard's "Verify account" (a fetcher, JSON in and out). */
export async function verifyBankAccount(context: Context, form: FormData) {
  const bankCode = formText(form, 'bankCode').trim();
  const accountNumber = formText(form, 'accountNumber').trim();
  const response = await getApi(context, form).banks.verifyAccount({
    body: { accountNumber, bankCode },
  });
  const base = { intent: 'verify' as const, bankCode, accountNumber, toastId: crypto.randomUUID() };
  const headers = withCookies(response.setCookies);
  if (response.ok) {
    const found = response.body.result;
    const account: VerifiedAccount = {
      accountName: found.accountName,
      accountNumber: found.accountNumber,
      bankCode: found.bankCode,
      bank: found.bank,
      provider: found.provider,
      checkDigitMatches: found.checkDigitMatches,
    };
    const result: VerifyResult = {
      ...base,
      ok: true,
      message: apiMessage(response.body, ''),
      errors: {},
      account,
    };
    return data(result, { headers });
  }
  const result: VerifyResult = {
    ...base,
    ok: false,
    message: apiMessage(response.body),
    errors: response.body.errors ?? {},
    account: null,
  };
  return data(result, { status: failureStatus(response), headers });
}

const termsRequired = 'Tick the box to accept the terms and conditions.';

/** A refused submit: the toast text, the field errors and the values to show again. */
function submitFailure(
  message: string,
  values: Record<string, string>,
  documents: WizardDocument[] = [],
) {
  return (
    status: number,
    errors: Record<string, string>,
    detail: string | undefined,
    cookies: readonly string[] = [],
  ) => {
    const result: SubmitResult = {
      ok: false,
      intent: 'submit',
      message,
      detail,
      errors,
      values,
      ...(documents.length > 0 ? { documents } : {}),
      toastId: crypto.randomUUID(),
    };
    return data(result, { status, headers: withCookies(cookies) });
  };
}

/**
 * POST /post-crowedFunding, from the wizard (a fetcher with the cover as a file and the ids of
 * the documents it uploaded) or from the long form posted before the JavaScript loaded (its
 * document files are uploaded here first). The bank name and account name are sent as
 * docs/product.md#campaigns lists them; the server resolves them again and ignores ours.
 */
export async function submitCampaign(context: Context, form: FormData) {
  const values: Record<string, string> = {};
  for (const field of campaignFields) values[field] = formText(form, field);
  values.facilityName = formText(form, 'facilityName');
  // The wizard asks the beneficiary's name once; the API's first and last names come from it.
  Object.assign(values, beneficiaryNameParts(values.fundraisingFor ?? ''));
  // The draft's key goes back with a refusal, so the long form posts the same one again.
  const submissionKey = formText(form, 'submissionKey').trim();
  if (submissionKey) values.submissionKey = submissionKey;

  if (formText(form, 'terms') === '') {
    const failure = submitFailure(errorTexts.campaignSubmitFailed, values);
    return failure(400, { terms: termsRequired }, undefined);
  }
  const posted = await uploadPostedDocuments(context, form);
  const failure = submitFailure(errorTexts.campaignSubmitFailed, values, posted.documents);
  if (Object.keys(posted.errors).length > 0) {
    // A refused file is not left out silently: the form comes back with what was kept.
    return failure(400, posted.errors, undefined, posted.setCookies);
  }
  const documentIds = [
    ...postedDocumentIds(form),
    ...posted.documents.map((document) => document.id),
  ];

  const upload = new FormData();
  for (const field of campaignFields) upload.append(field, values[field] ?? '');
  const facility = await postedFacility(context, form);
  if (facility) {
    for (const [field, value] of Object.entries(facility)) upload.append(field, value);
  }
  upload.append('documentIds', documentIds.join(','));
  if (submissionKey) upload.append('submissionKey', submissionKey);
  for (const extra of ['bank', 'accountName']) {
    const value = formText(form, extra);
    if (value) upload.append(extra, value);
  }
  const image = form.get('image');
  if (image instanceof File && image.size > 0) upload.append('image', image, image.name || 'cover');
  const response = await getApi(context, form).campaigns.create({ form: upload });
  if (response.ok) {
    const result: SubmitResult = {
      ok: true,
      intent: 'submit',
      message: errorTexts.campaignSubmitted,
      detail: undefined,
      errors: {},
      values: {},
      toastId: crypto.randomUUID(),
    };
    return data(result, { headers: withCookies(response.setCookies) });
  }
  if (response.status === 409 && response.body.message === revisionTexts.alreadySubmitted) {
    // This campaign is with the server already (an earlier submit whose answer was lost, or
    // the page submitted again): nothing new was made, and the wizard forgets its draft.
    const result: SubmitResult = {
      ok: false,
      alreadySubmitted: true,
      intent: 'submit',
      message: revisionTexts.alreadySubmitted,
      detail: revisionTexts.alreadySubmitted,
      errors: {},
      values: {},
      toastId: crypto.randomUUID(),
    };
    return data(result, { status: 409, headers: withCookies(response.setCookies) });
  }
  return failure(
    failureStatus(response),
    response.body.errors ?? {},
    apiMessage(response.body, errorTexts.campaignSubmitFailed),
    [...posted.setCookies, ...response.setCookies],
  );
}

/** Whether the draft with this key already made a campaign (the wizard asks when it opens). */
async function checkSubmission(context: Context, form: FormData) {
  const key = formText(form, 'submissionKey').trim();
  const response = await getApi(context, form).campaigns.submissionStatus({ params: { key } });
  return {
    intent: 'check-submission' as const,
    submitted: response.ok && response.body.result.submitted,
  };
}

export const nothingChanged = 'Change at least one field of the campaign.';
const editFailed = 'Your changes could not be saved.';
const editSaved = 'Your changes were saved.';

/**
 * PUT /update-crowedFunding/{id} from the edit screen (the wizard's fetcher, or the long form
 * posted before the JavaScript loaded). Both send every field; only those that differ from the
 * saved campaign (`saved`, loaded again for this request) go to the API, with the cover when a
 * new one was chosen. Success goes back to the account's Campaign tab with the API's message.
 */
export async function updateCampaign(
  context: Context,
  request: Request,
  form: FormData,
  id: string,
  saved: WizardValues,
  redirectTo: string,
) {
  const values = { ...saved };
  for (const field of campaignFields) {
    const value = form.get(field);
    // A radio group with nothing chosen, or an unticked box, is not sent at all: blank.
    if (typeof value === 'string') values[field] = value;
    else if (
      field === 'beneficiaryType' ||
      field === 'beneficiaryConsent' ||
      (tickBoxFields as readonly string[]).includes(field)
    ) {
      values[field] = '';
    }
  }
  const facility = await postedFacility(context, form);
  values.facilityName = formText(form, 'facilityName');
  values.facilityId = facility && 'facilityId' in facility ? facility.facilityId : '';
  // A new beneficiary name renames the first and last names the API keeps (asked once).
  if (values.fundraisingFor.trim() !== saved.fundraisingFor.trim()) {
    Object.assign(values, beneficiaryNameParts(values.fundraisingFor));
  }
  const posted = await uploadPostedDocuments(context, form);
  const failure = submitFailure(editFailed, values, posted.documents);
  if (Object.keys(posted.errors).length > 0) {
    return failure(400, posted.errors, undefined, posted.setCookies);
  }
  const documentIds = [
    ...postedDocumentIds(form),
    ...posted.documents.map((document) => document.id),
  ];

  const image = form.get('image');
  const newCover = image instanceof File && image.size > 0 ? image : undefined;
  const changed = changedFields(saved, values);
  const newFacility = facility && facilityChanged(saved, values) ? facility : undefined;
  if (changed.length === 0 && !newCover && !newFacility && documentIds.length === 0) {
    return failure(400, {}, nothingChanged);
  }

  const upload = new FormData();
  for (const field of changed) upload.append(field, values[field].trim());
  for (const [field, value] of Object.entries(newFacility ?? {})) upload.append(field, value);
  if (documentIds.length > 0) upload.append('documentIds', documentIds.join(','));
  if (newCover) upload.append('image', newCover, newCover.name || 'cover');
  const response = await getApi(context, form).campaigns.update({
    params: { id },
    form: upload,
  });
  if (response.ok) {
    return redirectWithFlash(
      request,
      redirectTo,
      { kind: 'success', message: apiMessage(response.body, editSaved) },
      response.setCookies,
    );
  }
  return failure(
    failureStatus(response),
    response.body.errors ?? {},
    apiMessage(response.body, editFailed),
    [...posted.setCookies, ...response.setCookies],
  );
}

interface DataWithInit {
  type: 'DataWithResponseInit';
  data: unknown;
  init: ResponseInit | null;
}

/** What `data(value, init)` returns (React Router exports only its type). */
function isDataWithInit(value: unknown): value is DataWithInit {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'DataWithResponseInit'
  );
}

/** A post from the wizard's island (wizard-island.tsx), which asks for JSON. */
export function wantsJson(request: Request): boolean {
  return (
    request.method === 'POST' && (request.headers.get('Accept') ?? '').includes('application/json')
  );
}

/** A JSON post's intent: the documents step's upload, the hospital's suggestions, or `submit`. */
function wizardJsonAction(
  context: Context,
  form: FormData,
  submit: (context: Context, form: FormData) => Promise<unknown>,
): Promise<unknown> {
  switch (formText(form, 'intent')) {
    case 'verify':
      return verifyBankAccount(context, form);
    case 'upload-document':
      return uploadDocument(context, form);
    case 'search-facilities':
      return searchFacilities(context, form);
    case 'check-submission':
      return checkSubmission(context, form);
    default:
      return submit(context, form);
  }
}

/**
 * The wizard posts here with fetch() and reads JSON: the create page's island for everything
 * (the same verify and submit as the route action), the edit screen for its uploads and the
 * hospital's suggestions (`submit` is then the route's own, since it saves with a redirect);
 * when the session has ended, the answer is the sign-in page to go to (which comes back here;
 * the draft in the browser keeps what was typed).
 */
export async function answerWizardJson(
  context: Context,
  request: Request,
  submit: (context: Context, form: FormData) => Promise<unknown> = submitCampaign,
): Promise<Response> {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (!(await getSession(context).user())) {
    const url = new URL(request.url);
    const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
    const answer: SignInAgain = { signIn: `/login?${params}` };
    return Response.json(answer, { status: 401, headers });
  }
  let result: unknown;
  try {
    const form = await readFormData(request);
    result = await wizardJsonAction(context, form, submit);
  } catch (error) {
    if (!isDataWithInit(error)) throw error;
    // The form could not be read: say so as a refused submission.
    const refused: SubmitResult = {
      ok: false,
      intent: 'submit',
      message: errorTexts.campaignSubmitFailed,
      detail: typeof error.data === 'string' ? error.data : undefined,
      errors: {},
      values: {},
      toastId: crypto.randomUUID(),
    };
    return Response.json(refused, { status: 400, headers });
  }
  if (!isDataWithInit(result)) return Response.json(result, { headers });
  const init = result.init ?? {};
  for (const [name, value] of new Headers(init.headers)) headers.append(name, value);
  return Response.json(result.data, { status: init.status ?? 200, headers });
}
