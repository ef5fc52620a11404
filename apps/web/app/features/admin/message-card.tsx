import { adminLimits } from '@ipatient/contracts/admin';
import { CircleCheck, Mail, Phone, RotateCcw } from 'lucide-react';
import { Form } from 'react-router';
import { formatDateTime } from '../../components/admin/format-date-time.ts';
import { StatusPill } from '../../components/admin/status-pill.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { SelectField, TextField } from '../../components/ui/form-field.tsx';
import { CsrfField } from '../../lib/session.tsx';
import { AdminFilters } from './admin-filters.tsx';
import {
  type ContactMessage,
  type MessageStatusFilter,
  messageStatusFilters,
} from './contact-messages.ts';

/** The filter form of the inbox. */
export function MessageFilterForm({
  action,
  status,
  search,
}: {
  action: string;
  status: MessageStatusFilter;
  search: string;
}) {
  return (
    <AdminFilters action={action} label="Filter messages">
      <SelectField label="Status" name="status" defaultValue={status}>
        {messageStatusFilters.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Search"
        name="search"
        type="search"
        defaultValue={search}
        maxLength={adminLimits.searchMax}
        hint="Name, email, phone or words in the message"
        className="sm:col-span-1 lg:col-span-3"
      />
    </AdminFilters>
  );
}

/** One message with its sender's contacts and the button that marks it handled (or new). */
export function MessageCard({ item, returnTo }: { item: ContactMessage; returnTo: string }) {
  const name = `${item.firstName} ${item.lastName}`.trim() || item.email;
  const headingId = `message-${item.id}`;
  const handled = item.handled;
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-bold break-words text-slate-900">
            {name}
          </h2>
          <p className="text-sm text-slate-600">
            Sent <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          </p>
        </div>
        {handled ? (
          <StatusPill tone="success" srPrefix="Status: ">
            Handled
          </StatusPill>
        ) : (
          <StatusPill tone="warning" srPrefix="Status: ">
            New
          </StatusPill>
        )}
      </div>
      <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <li className="inline-flex items-center gap-2">
          <Mail aria-hidden="true" className="h-4 w-4 text-brand-700" />
          <span className="sr-only">Email: </span>
          <a
            href={`mailto:${item.email}`}
            className="font-medium break-all text-brand-800 underline underline-offset-2"
          >
            {item.email}
          </a>
        </li>
        {item.phone ? (
          <li className="inline-flex items-center gap-2">
            <Phone aria-hidden="true" className="h-4 w-4 text-brand-700" />
            <span className="sr-only">Phone: </span>
            <a
              href={`tel:${item.phone.replace(/[^\d+]/g, '')}`}
              className="font-medium text-brand-800 underline underline-offset-2"
            >
              {item.phone}
            </a>
          </li>
        ) : null}
      </ul>
      <p className="rounded-xl bg-slate-50 p-4 break-words whitespace-pre-line text-slate-900">
        {item.message}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {item.handledAt ? (
          <p className="text-sm text-slate-600">
            Handled <time dateTime={item.handledAt}>{formatDateTime(item.handledAt)}</time>
          </p>
        ) : (
          <span />
        )}
        <Form method="post" action={returnTo} reloadDocument>
          <CsrfField />
          <input type="hidden" name="intent" value={handled ? 'new' : 'handled'} />
          <input type="hidden" name="messageId" value={item.id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <button
            type="submit"
            aria-label={`${handled ? 'Mark as new' : 'Mark handled'}: message from ${name}`}
            className={buttonClass(handled ? 'secondary' : 'primary')}
          >
            {handled ? (
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
            ) : (
              <CircleCheck aria-hidden="true" className="h-4 w-4" />
            )}
            {handled ? 'Mark as new' : 'Mark handled'}
          </button>
        </Form>
      </div>
    </article>
  );
}
