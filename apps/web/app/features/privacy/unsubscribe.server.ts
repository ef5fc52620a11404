import { errorTexts } from '@ipatient/contracts/errors';
import { data, type RouterContextProvider } from 'react-router';
import { type Api, getApi } from '../../lib/api-context.ts';
import type { UnsubscribeAnswer } from './unsubscribe-page.tsx';

/** An API answer as these pages read it: the result, or the refusal's status and message. */
type Reply<Result> =
  | { ok: true; body: { result: Result } }
  | { ok: false; status: number; body: { message?: string } };

/** The unsubscribe link of one kind of email, as its page calls the API. */
export interface UnsubscribeLink<Subject extends object> {
  /** What the page says of a link without a token, or refused with no message. */
  badToken: string;
  /** Whether the link's emails still come (GET: changes nothing), and what the page names. */
  status(api: Api, token: string): Promise<Reply<{ subscribed: boolean } & Subject>>;
  /** Stops them (idempotent). */
  stop(api: Api, token: string): Promise<Reply<Subject>>;
  /** What the page shows of an answer's result (and nothing else of it). */
  subject(result: Subject): Subject;
}

interface PageArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** A refused token is told on the page (400); anything else is the API failing. */
function refusal<Subject extends object>(
  response: { status: number; body: { message?: string } },
  badToken: string,
) {
  if (response.status !== 400) throw data(errorTexts.default, { status: 502 });
  return data<UnsubscribeAnswer<Subject>>(
    { state: 'refused', message: response.body.message || badToken },
    { status: 400 },
  );
}

/** The answer of a token and the subject of its emails: asked about, or stopped. */
function answer<Subject extends object>(state: 'ask' | 'done', subject: Subject, token: string) {
  return data<UnsubscribeAnswer<Subject>>({ state, ...subject, token });
}

/**
 * The link in every email of its kind (`?token=`). Following it only asks: mail scanners open
 * every link of an email, and must not stop anyone's emails.
 */
export async function unsubscribeLoader<Subject extends object>(
  { request, context }: PageArgs,
  link: UnsubscribeLink<Subject>,
) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return data<UnsubscribeAnswer<Subject>>({ state: 'refused', message: link.badToken });
  const response = await link.status(getApi(context), token);
  if (!response.ok) return refusal<Subject>(response, link.badToken);
  const { result } = response.body;
  return answer(result.subscribed ? 'ask' : 'done', link.subject(result), token);
}

/**
 * The page's button stops the emails at once, with no sign-in and no script; mail apps'
 * one-click unsubscribe (List-Unsubscribe-Post) POSTs here too, with the token in the address.
 */
export async function unsubscribeAction<Subject extends object>(
  { request, context }: PageArgs,
  link: UnsubscribeLink<Subject>,
) {
  const form = await request.formData();
  const posted = form.get('token');
  const token =
    typeof posted === 'string' && posted
      ? posted
      : (new URL(request.url).searchParams.get('token') ?? '');
  if (!token) return data<UnsubscribeAnswer<Subject>>({ state: 'refused', message: link.badToken });
  const response = await link.stop(getApi(context, form), token);
  if (!response.ok) return refusal<Subject>(response, link.badToken);
  return answer('done', link.subject(response.body.result), token);
}
