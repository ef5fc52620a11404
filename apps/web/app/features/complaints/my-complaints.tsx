import { errorTexts } from '@ipatient/contracts/errors';
import { BookOpen, ChevronRight, MessageSquareWarning, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { ComplaintStatusBadge, OverdueBadge } from './complaint-badges.tsx';
import {
  complaintFormPath,
  complaintPath,
  complaintsTabPath,
  formatDeadline,
  formatMoment,
} from './complaint-text.ts';
import type { AdvocacyResource } from './complaint-types.ts';
import type { MyComplaint, MyComplaintsTab } from './my-complaints.server.ts';

function ComplaintRow({ complaint }: { complaint: MyComplaint }) {
  const titleId = `complaint-${complaint._id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="relative rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-400"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-bold break-words text-slate-900">
            <Link
              to={complaintPath(complaint._id)}
              className="after:absolute after:inset-0 after:rounded-2xl hover:underline"
            >
              {complaint.hospitalName}
            </Link>
          </h3>
          <p className="font-mono text-sm font-semibold tracking-wide text-slate-700">
            <span className="sr-only">Reference </span>
            {complaint.reference}
          </p>
        </div>
        <ComplaintStatusBadge status={complaint.status} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Submitted</dt>
          <dd className="font-semibold text-slate-900">
            <time dateTime={complaint.submittedAt}>{formatMoment(complaint.submittedAt)}</time>
          </dd>
        </div>
        {complaint.next ? (
          <div>
            <dt className="text-slate-600">{complaint.next.label}</dt>
            <dd className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              <time dateTime={complaint.next.dueAt}>{formatDeadline(complaint.next.dueAt)}</time>
              {complaint.next.overdue ? <OverdueBadge /> : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <ChevronRight
        aria-hidden="true"
        className="absolute right-4 bottom-4 h-5 w-5 text-brand-700"
      />
    </article>
  );
}

function ResourceList({ resources }: { resources: readonly AdvocacyResource[] }) {
  const ebooks = resources.filter((resource) => resource.kind === 'ebook');
  const videos = resources.filter((resource) => resource.kind === 'video');
  return (
    <section aria-labelledby="advocacy-resources-title" className="space-y-5">
      <h2 id="advocacy-resources-title" className="text-xl font-bold text-slate-900">
        Know your rights
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="ebooks-title" className="space-y-3">
          <h3 id="ebooks-title" className="flex items-center gap-2 font-bold text-slate-900">
            <BookOpen aria-hidden="true" className="h-5 w-5 text-brand-700" />
            Ebooks ({ebooks.length})
          </h3>
          <ul className="space-y-2">
            {ebooks.map((ebook) => (
              <li key={ebook._id}>
                {ebook.available ? (
                  <Link
                    to={`/advocacy/resources/${encodeURIComponent(ebook._id)}`}
                    className="block rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-400"
                  >
                    <span className="font-semibold text-brand-800 underline">{ebook.title}</span>
                    <span className="mt-1 block text-sm text-slate-700">{ebook.summary}</span>
                    <span className="mt-1 block text-sm text-slate-600">
                      {ebook.minutes} min read
                    </span>
                  </Link>
                ) : (
                  <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
                    <p className="font-semibold text-slate-900">{ebook.title}</p>
                    <p className="text-sm text-slate-700">Coming soon</p>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="videos-title" className="space-y-3">
          <h3 id="videos-title" className="flex items-center gap-2 font-bold text-slate-900">
            <PlayCircle aria-hidden="true" className="h-5 w-5 text-brand-700" />
            Videos ({videos.length})
          </h3>
          {/* None is out yet: said once for the section, not on every title. */}
          <p className="text-sm text-slate-700">
            Coming soon: short videos on these topics. We will add each one here as it is ready.
          </p>
          <ul className="space-y-2">
            {videos.map((video) => (
              <li key={video._id} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
                <p className="font-semibold text-slate-900">{video.title}</p>
                <p className="mt-1 text-sm text-slate-700">{video.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </section>
  );
}

/** The account's Advocacy tab: the member's complaints and the advocacy resources. */
export function MyComplaints({ data }: { data: MyComplaintsTab }) {
  const { complaints, page, totalPages, resources } = data;
  return (
    <div className="space-y-10">
      <section aria-labelledby="my-complaints-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="my-complaints-title" className="text-xl font-bold text-slate-900">
            My complaints
          </h2>
          {complaints && complaints.length > 0 ? (
            <LinkButton to={complaintFormPath} variant="secondary">
              Send another complaint
            </LinkButton>
          ) : null}
        </div>
        {complaints === null ? (
          <FormAlert message={errorTexts.fetchAdvocacy} />
        ) : complaints.length === 0 ? (
          <EmptyState
            title="No complaints yet"
            icon={<MessageSquareWarning aria-hidden="true" className="h-6 w-6" />}
          >
            <p>When you send a complaint about your care, you can follow its progress here.</p>
            <LinkButton to={complaintFormPath} className="mt-4">
              Send a complaint
            </LinkButton>
          </EmptyState>
        ) : (
          <>
            <ul className="space-y-4">
              {complaints.map((complaint) => (
                <li key={complaint._id}>
                  <ComplaintRow complaint={complaint} />
                </li>
              ))}
            </ul>
            <Pagination
              label="Complaint pages"
              page={page}
              totalPages={totalPages}
              hrefFor={(number) =>
                number === 1 ? complaintsTabPath : `${complaintsTabPath}&page=${number}`
              }
            />
          </>
        )}
      </section>
      <ResourceList resources={resources} />
    </div>
  );
}
