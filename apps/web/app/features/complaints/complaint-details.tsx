import { brand } from '@ipatient/contracts/brand';
import { ComplaintStatusBadge, OverdueBadge } from './complaint-badges.tsx';
import {
  acknowledgementWithin,
  complaintStatusLabels,
  formatDeadline,
  formatMoment,
  responseWithin,
} from './complaint-text.ts';
import type { Complaint } from './complaint-types.ts';

function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

/** The two deadlines of a complaint, each with its working-day span and an 'Overdue' flag. */
export function ComplaintDeadlines({ complaint }: { complaint: Complaint }) {
  const rows = [
    {
      label: 'Acknowledgement due',
      dueAt: complaint.acknowledgementDueAt,
      within: acknowledgementWithin,
      doneAt: complaint.acknowledgedAt,
      done: 'Acknowledged',
      overdue: complaint.overdue.acknowledgement,
    },
    {
      label: 'Official response due',
      dueAt: complaint.responseDueAt,
      within: responseWithin,
      doneAt: complaint.respondedAt,
      done: 'Responded',
      overdue: complaint.overdue.response,
    },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm font-semibold text-slate-600">{row.label}</dt>
          <dd className="mt-1 space-y-1">
            <p className="flex flex-wrap items-center gap-2 font-bold text-slate-900">
              <time dateTime={row.dueAt}>{formatDeadline(row.dueAt)}</time>
              {row.overdue ? <OverdueBadge /> : null}
            </p>
            <p className="text-sm text-slate-700">{row.within}</p>
            {row.doneAt ? (
              <p className="text-sm text-brand-800">
                {row.done} on <time dateTime={row.doneAt}>{formatMoment(row.doneAt)}</time>
              </p>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Reference, status, category, hospital, dates and the complaint itself. */
export function ComplaintSummary({ complaint }: { complaint: Complaint }) {
  return (
    <section aria-labelledby="complaint-details-title" className="space-y-6">
      <h2 id="complaint-details-title" className="text-xl font-bold text-slate-900">
        Your complaint
      </h2>
      <dl className="grid gap-x-6 gap-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">Reference</dt>
          <dd className="font-mono text-lg font-bold tracking-wide text-slate-900">
            {complaint.reference}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Status</dt>
          <dd className="mt-1">
            <ComplaintStatusBadge status={complaint.status} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Category</dt>
          <dd className="font-semibold text-slate-900">{categoryLabel(complaint.category)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Submitted</dt>
          <dd className="font-semibold text-slate-900">
            <time dateTime={complaint.submittedAt}>{formatMoment(complaint.submittedAt)}</time>
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm text-slate-600">Hospital</dt>
          <dd className="font-semibold break-words text-slate-900">{complaint.hospitalName}</dd>
          <dd className="break-words text-slate-700">{complaint.hospitalAddress}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm text-slate-600">What happened</dt>
          <dd className="mt-1 break-words whitespace-pre-line text-slate-800">
            {complaint.complaints}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** Every change of status, oldest first, with the advocate's note. */
export function ComplaintHistory({ complaint }: { complaint: Complaint }) {
  return (
    <section aria-labelledby="complaint-history-title" className="space-y-4">
      <h2 id="complaint-history-title" className="text-xl font-bold text-slate-900">
        Progress
      </h2>
      <ol className="space-y-4 border-l-2 border-brand-200 pl-6">
        {complaint.history.map((entry, index) => (
          <li key={`${entry.status}-${entry.at}`} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.95rem] h-3 w-3 rounded-full bg-brand-700 ring-4 ring-white"
            />
            <p className="font-bold text-slate-900">{complaintStatusLabels[entry.status]}</p>
            <p className="text-sm text-slate-600">
              <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
              {entry.by && index > 0
                ? ` · ${entry.by.firstName} ${entry.by.lastName}, ${brand.siteName}`
                : null}
            </p>
            {entry.note ? (
              <p className="mt-1 rounded-xl bg-slate-50 p-3 break-words whitespace-pre-line text-slate-800">
                {entry.note}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
