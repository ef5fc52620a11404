/**
 * What people type before the page's JavaScript arrives survives hydration.
 *
 * On a slow phone the server's HTML is usable for many seconds before React hydrates it, and
 * people start typing. Hydration itself can throw that away: a component's state starts from
 * the server's values (an empty review, no star chosen), so the first render after hydration
 * writes them back into the fields, or hides what depends on them; a <textarea> whose server
 * text was edited gets that text back; a page that fails to hydrate is rendered anew.
 *
 * So the entry script records every field the person changed before hydration (and while it
 * runs), and once React has hydrated it gives each one its value back through the events React
 * listens to, so the components' own state follows what is on the screen. The focus and the
 * caret stay where the person left them.
 */

import { type ReactNode, useLayoutEffect } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

type Typed =
  | { kind: 'value'; value: string }
  | { kind: 'checked'; checked: boolean }
  | { kind: 'selected'; values: string[] };

interface Record {
  field: Field;
  /** How to find the field again if React rendered a new element in its place. */
  key: string;
  typed: Typed;
}

/** Inputs that hold nothing a person types or chooses (or that cannot be set from a script). */
const SKIPPED_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file']);

function isField(target: EventTarget | null): target is Field {
  if (target instanceof HTMLInputElement) return !SKIPPED_TYPES.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

function isToggle(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}

function isRadio(field: Field): boolean {
  return field instanceof HTMLInputElement && field.type === 'radio';
}

function read(field: Field): Typed {
  if (isToggle(field)) return { kind: 'checked', checked: field.checked };
  if (field instanceof HTMLSelectElement) {
    return {
      kind: 'selected',
      values: Array.from(field.options)
        .filter((option) => option.selected)
        .map((option) => option.value),
    };
  }
  return { kind: 'value', value: field.value };
}

/** Whether the field differs from what the server sent (its default). */
function changedFromDefault(field: Field): boolean {
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    return Array.from(field.options).some((option) => option.selected !== option.defaultSelected);
  }
  return field.value !== field.defaultValue;
}

/** The field's id, else its form, name and (for a radio or checkbox) value or (else) position. */
function keyOf(field: Field): string {
  if (field.id) return `#${field.id}`;
  const form = field.form;
  const scope = form?.id || form?.getAttribute('action') || '';
  const tail = isToggle(field)
    ? `=${field.value}`
    : `@${Array.from(document.getElementsByName(field.name)).indexOf(field)}`;
  return `${scope}|${field.tagName}|${field.name}${tail}`;
}

function find(root: ParentNode, record: Record): Field | null {
  if (record.field.isConnected) return record.field;
  const fields = root.querySelectorAll<Field>('input, textarea, select');
  for (const field of fields) {
    if (field.tagName === record.field.tagName && isField(field) && keyOf(field) === record.key) {
      return field;
    }
  }
  return null;
}

function setNative(field: Field, property: 'value' | 'checked', value: string | boolean): void {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, property)?.set;
  if (setter) setter.call(field, value);
  else (field as unknown as { [key: string]: unknown })[property] = value;
}

/**
 * Gives the field its typed value so that React sees a change: React compares a field's value
 * with the last one it knew (set through the element's own property), so that is moved aside
 * first and the real value is set past it, then the event React listens to is sent.
 */
function give(field: Field, typed: Typed): void {
  if (typed.kind === 'checked' && isToggle(field)) {
    field.checked = !typed.checked;
    setNative(field, 'checked', typed.checked);
    // React reads radio and checkbox changes from `click`; a plain Event does not toggle it.
    field.dispatchEvent(new Event('click', { bubbles: true }));
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (typed.kind === 'selected' && field instanceof HTMLSelectElement) {
    for (const option of field.options) option.selected = typed.values.includes(option.value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (typed.kind === 'value' && !(field instanceof HTMLSelectElement)) {
    field.value = typed.value === '' ? ' ' : '';
    setNative(field, 'value', typed.value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Starts recording the fields under `root` (the document, or an island's element) before React
 * hydrates it; the returned function gives them back (once, after hydration: see KeepTyped).
 */
export function keepTypedAcrossHydration(root: ParentNode = document): () => void {
  const records = new Map<Field, Record>();
  const note = (field: Field) => {
    records.set(field, { field, key: keyOf(field), typed: read(field) });
  };
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (isField(field) && changedFromDefault(field)) note(field);
  }
  const onEdit = (event: Event) => {
    const target = event.target;
    if (!isField(target) || !root.contains(target)) return;
    note(target);
    // Choosing one radio unchecks the others of its group: they are part of the choice.
    if (isToggle(target) && target.type === 'radio' && target.name) {
      for (const other of document.getElementsByName(target.name)) {
        if (other !== target && isField(other) && other.form === target.form) note(other);
      }
    }
  };
  document.addEventListener('input', onEdit, true);
  document.addEventListener('change', onEdit, true);

  let done = false;
  return () => {
    if (done) return;
    done = true;
    document.removeEventListener('input', onEdit, true);
    document.removeEventListener('change', onEdit, true);
    const active = document.activeElement;
    const caret =
      active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
        ? safeSelection(active)
        : null;
    for (const record of records.values()) {
      const field = find(root, record);
      if (!field || field.disabled) continue;
      // A radio is given back by checking the chosen one; that unchecks the rest of its group.
      if (record.typed.kind === 'checked' && !record.typed.checked && isRadio(field)) continue;
      // Also when React left the field as typed: the component's state may not know it yet.
      give(field, record.typed);
    }
    if (active instanceof HTMLElement && active.isConnected && document.activeElement !== active) {
      active.focus({ preventScroll: true });
    }
    if (caret && (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement)) {
      try {
        active.setSelectionRange(caret.start, caret.end);
      } catch {
        // Types without a caret (email, number) cannot take one.
      }
    }
  };
}

function safeSelection(field: HTMLInputElement | HTMLTextAreaElement) {
  try {
    const { selectionStart: start, selectionEnd: end } = field;
    return start === null || end === null ? null : { start, end };
  } catch {
    return null;
  }
}

/**
 * Wraps what `hydrateRoot` renders: its layout effect runs once everything inside has hydrated
 * (after every component's own effects) and before the first paint and the renders that follow,
 * so the fields get back what the person typed, and the components' state with them.
 */
export function KeepTyped({
  giveBack,
  children,
}: {
  giveBack: () => void;
  children?: ReactNode;
}): ReactNode {
  useLayoutEffect(giveBack, [giveBack]);
  return children;
}
