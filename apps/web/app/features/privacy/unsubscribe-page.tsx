import { MailX } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MetaDescriptor } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { pageMeta } from '../../lib/meta.ts';
import { CsrfField } from '../../lib/session.tsx';

/**
 * The pages of the unsubscribe links of our emails (news and health tips, a campaign's updates):
 * following a link only asks, the button stops the emails, with no sign-in and no script
 * (unsubscribe.server.ts). `Subject` is what the page names of the emails (a campaign's title).
 */
export type UnsubscribeAnswer<Subject extends object> =
  | ({ state: 'ask' | 'done'; token: string } & Subject)
  | { state: 'refused'; message: string };

/** An unsubscribe page is no page to find in a search engine. */
export function unsubscribeMeta(title: string, description: string): MetaDescriptor[] {
  return [...pageMeta({ title, description }), { name: 'robots', content: 'noindex' }];
}

interface UnsubscribeViewProps<Subject extends object> {
  answer: UnsubscribeAnswer<Subject>;
  /** The page's heading while it asks ("Stop … ?"). */
  question: string;
  /** What the emails are (above the button), and what stopping them means. */
  ask: (subject: Subject) => ReactNode;
  done: (subject: Subject) => ReactNode;
  button: string;
  /** Where to go from here. */
  link: { href: string; text: string };
}

export function UnsubscribeView<Subject extends object>({
  answer,
  question,
  ask,
  done,
  button,
  link,
}: UnsubscribeViewProps<Subject>) {
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-2xl px-4 py-12 md:px-6">
      <MailX aria-hidden="true" className="h-10 w-10 text-brand-700" />
      <h1 id="page-title" className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">
        {answer.state === 'ask'
          ? question
          : answer.state === 'done'
            ? 'You are unsubscribed'
            : 'This link does not work'}
      </h1>
      {answer.state === 'refused' ? (
        <p role="alert" className="mt-4 text-lg text-slate-800">
          {answer.message}
        </p>
      ) : answer.state === 'done' ? (
        <p role="status" className="mt-4 text-lg text-slate-800">
          {done(answer)}
        </p>
      ) : (
        <form method="post" className="mt-4">
          <p className="text-lg text-slate-800">{ask(answer)}</p>
          <CsrfField />
          <input type="hidden" name="token" value={answer.token} />
          <button type="submit" className={buttonClass('primary', 'mt-6')}>
            {button}
          </button>
        </form>
      )}
      <p className="mt-6">
        <a href={link.href} className="font-semibold text-brand-800 underline underline-offset-2">
          {link.text}
        </a>
      </p>
    </section>
  );
}
