import { CircleAlert } from 'lucide-react';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useActionData } from 'react-router';
import { correctFieldsLead, fieldLabel, isActionResult } from '../../lib/forms.ts';

interface FormAlertProps {
  message: string | undefined;
  /**
   * Field errors to list, by field name. By default those of the page's action answer that
   * carries this same message, so every form that shows its answer's message gets the list.
   */
  errors?: Record<string, string> | undefined;
  /** The id of a field's control when it is not the field's name (e.g. a prefixed id). */
  fieldId?: ((name: string) => string) | undefined;
}

interface FieldLink {
  name: string;
  id: string;
  label: string;
}

/** The control named `name` in the form around `element`, else anywhere on the page. */
function controlNamed(element: HTMLElement, name: string): HTMLElement | null {
  const form = element.closest('form');
  const found = form?.elements.namedItem(name);
  const control = found instanceof RadioNodeList ? found[0] : found;
  if (control instanceof HTMLElement) return control;
  return document.getElementsByName(name)[0] ?? null;
}

/** The text of a control's first `<label>`, without the error or hint below it. */
function labelText(control: HTMLElement): string | undefined {
  const labels = 'labels' in control ? (control.labels as NodeListOf<HTMLLabelElement>) : null;
  const text = labels?.[0]?.textContent?.replace(/\s+/g, ' ').trim();
  return text || undefined;
}

/**
 * With script, a summary link moves the focus itself: a change of the address's fragment would
 * count as a navigation in the app and clear the form's answer (its errors and what was typed).
 * The field is scrolled to the middle of the screen, so its label shows above it.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: 'center' });
}

/**
 * A form's error summary, kept in the page at the top of the form (toasts are for outcomes
 * only). When the answer names fields, it lists each by its label, linked to the field
 * (`href="#<id>"`, so the links work without JavaScript). After a failed post the focus moves
 * to it: by `autofocus` on a page rendered by the server, by script after a post made in the
 * page. Alerts that are not about a post (a list that could not load) take no focus.
 */
export function FormAlert({ message, errors, fieldId }: FormAlertProps) {
  const actionData: unknown = useActionData();
  const answer =
    isActionResult(actionData) && !actionData.ok && message && actionData.message === message
      ? actionData
      : undefined;
  const fieldErrors = errors ?? answer?.errors ?? {};
  const names = Object.keys(fieldErrors);
  const afterPost = Boolean(message) && (answer !== undefined || errors !== undefined);
  const ref = useRef<HTMLDivElement>(null);
  // Labels and ids as the form really has them, read once the page's script runs.
  const [found, setFound] = useState<Record<string, FieldLink>>({});
  const namesKey = names.join(' ');

  useEffect(() => {
    const element = ref.current;
    if (!element || !namesKey) return;
    const links: Record<string, FieldLink> = {};
    for (const name of namesKey.split(' ')) {
      const control = controlNamed(element, name);
      if (!control?.id) continue;
      links[name] = { name, id: control.id, label: labelText(control) ?? fieldLabel(name) };
    }
    setFound(links);
  }, [namesKey]);

  // A new answer (each has its own object) takes the focus, so it is read at once.
  const focusKey = answer ?? (afterPost ? message : undefined);
  useEffect(() => {
    if (focusKey === undefined) return;
    ref.current?.focus();
  }, [focusKey]);

  if (!message) return null;
  const links: FieldLink[] = names.map(
    (name) => found[name] ?? { name, id: fieldId ? fieldId(name) : name, label: fieldLabel(name) },
  );
  const heading =
    links.length > 0 && message.startsWith(correctFieldsLead) ? correctFieldsLead : message;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={afterPost ? -1 : undefined}
      // biome-ignore lint/a11y/noAutofocus: after a refused post the summary is what to read first
      autoFocus={afterPost || undefined}
      data-error-summary={links.length > 0 ? '' : undefined}
      className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-800"
    >
      <CircleAlert aria-hidden="true" className="h-5 w-5 shrink-0" />
      <div className="min-w-0">
        <p>{heading}</p>
        {links.length > 0 ? (
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {links.map((link) => (
              <li key={link.name}>
                <a
                  href={`#${link.id}`}
                  data-field={link.name}
                  onClick={(event) => focusField(event, link.id)}
                  className="font-semibold break-words text-red-900 underline"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
