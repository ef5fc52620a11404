import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { CsrfField } from '../../lib/session.tsx';
import { buttonClass } from '../ui/button-styles.ts';

/** 'danger' (a red outline) for refusals and reversals. */
export type ActionTone = 'primary' | 'secondary' | 'danger';

/** The classes of an action's submit button. */
export function actionButtonClass(tone: ActionTone): string {
  return tone === 'danger'
    ? buttonClass('secondary', 'border-red-700 text-red-800 hover:bg-red-50')
    : buttonClass(tone);
}

/** The side panel of an admin page about one thing: its "Actions" heading and cards. */
export function ActionsPanel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <aside aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        Actions
      </h2>
      {children}
    </aside>
  );
}

/**
 * One action of the panel, in a card: a form posted to the page (reloading the document, so
 * the action can redirect with a toast) with its title, a hint, the CSRF token and `intent`
 * (left out when the card's buttons carry their own), then the fields and `submit`'s button.
 */
export function ActionCard({
  intent,
  title,
  hint,
  submit,
  children,
}: {
  intent?: string;
  title?: string;
  hint?: ReactNode;
  submit?: { label: string; tone?: ActionTone };
  children?: ReactNode;
}) {
  return (
    <Form
      method="post"
      reloadDocument
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {title ? <h3 className="font-bold text-slate-900">{title}</h3> : null}
      {hint ? <p className="text-sm text-slate-700">{hint}</p> : null}
      <CsrfField />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {children}
      {submit ? (
        <button type="submit" className={actionButtonClass(submit.tone ?? 'primary')}>
          {submit.label}
        </button>
      ) : null}
    </Form>
  );
}
