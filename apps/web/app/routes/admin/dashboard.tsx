import type { TAdminDashboard } from '@ipatient/contracts/admin';
import { ArrowRight, CalendarClock, CircleAlert, Hospital, Inbox, Megaphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import { staticPage } from '../../lib/hydration.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/dashboard';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Admin dashboard',
    description:
      'What needs attention: campaigns awaiting review, complaints due or overdue, pending reviews and new contact messages.',
  });
}

type CountName = keyof TAdminDashboard;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const body = await readBody('GET admin dashboard', getApi(context).admin.dashboard());
  return { counts: body?.result ?? null };
}

interface CardSpec {
  name: CountName;
  title: string;
  /** What one count means, e.g. "campaigns waiting for a decision". */
  unit: (count: number) => string;
  zero: string;
  href: string;
  linkText: string;
  icon: ReactNode;
  /** Counts above zero are urgent (red) rather than just waiting (amber). */
  urgent?: boolean;
}

const iconClass = 'h-6 w-6';
const cards: readonly CardSpec[] = [
  {
    name: 'campaignsAwaitingReview',
    title: 'Campaigns awaiting review',
    unit: (n) =>
      n === 1 ? 'campaign is waiting for a decision' : 'campaigns are waiting for a decision',
    zero: 'No campaigns are waiting for review.',
    href: '/admin/campaigns?status=awaiting_review',
    linkText: 'Review campaigns',
    icon: <Megaphone aria-hidden="true" className={iconClass} />,
  },
  {
    name: 'complaintsOverdue',
    title: 'Complaints overdue',
    unit: (n) =>
      n === 1 ? 'complaint is past its deadline' : 'complaints are past their deadline',
    zero: 'No complaint is past its deadline.',
    href: '/admin/complaints?overdue=true',
    linkText: 'Open overdue complaints',
    icon: <CircleAlert aria-hidden="true" className={iconClass} />,
    urgent: true,
  },
  {
    name: 'complaintsDueSoon',
    title: 'Complaints due soon',
    unit: (n) => (n === 1 ? 'complaint is due soon' : 'complaints are due soon'),
    zero: 'No complaint is due soon.',
    href: '/admin/complaints',
    linkText: 'Open complaints',
    icon: <CalendarClock aria-hidden="true" className={iconClass} />,
  },
  {
    name: 'pendingReviews',
    title: 'Pending facility reviews',
    unit: (n) =>
      n === 1 ? 'review is waiting for moderation' : 'reviews are waiting for moderation',
    zero: 'No facility reviews are waiting.',
    href: '/admin/reviews',
    linkText: 'Moderate reviews',
    icon: <Hospital aria-hidden="true" className={iconClass} />,
  },
  {
    name: 'newContactMessages',
    title: 'New contact messages',
    unit: (n) => (n === 1 ? 'message has not been handled' : 'messages have not been handled'),
    zero: 'No new messages: the inbox is clear.',
    href: '/admin/messages?status=new',
    linkText: 'Read new messages',
    icon: <Inbox aria-hidden="true" className={iconClass} />,
  },
];

function DashboardCard({ card, count }: { card: CardSpec; count: number }) {
  const headingId = `card-${card.name}`;
  const waiting = count > 0;
  const tone = !waiting
    ? 'border-slate-200 bg-white'
    : card.urgent
      ? 'border-red-300 bg-red-50'
      : 'border-amber-300 bg-amber-50';
  return (
    <section
      aria-labelledby={headingId}
      className={`flex flex-col justify-between gap-4 rounded-2xl border p-5 shadow-sm ${tone}`}
    >
      <div className="space-y-2">
        <div className="flex items-center gap-3 text-brand-800">
          {card.icon}
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {card.title}
          </h2>
        </div>
        {waiting ? (
          <p className="text-slate-800">
            <span className="block text-4xl font-bold text-slate-900" data-testid={card.name}>
              {count}
            </span>
            {card.unit(count)}
          </p>
        ) : (
          <p className="text-slate-700">
            <span className="block text-4xl font-bold text-slate-900" data-testid={card.name}>
              0
            </span>
            {card.zero}
          </p>
        )}
      </div>
      <Link
        to={card.href}
        className="inline-flex min-h-11 items-center gap-2 self-start rounded-lg font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
      >
        {card.linkText}
        <span className="sr-only"> ({count})</span>
        <ArrowRight aria-hidden="true" className="h-4 w-4" />
      </Link>
    </section>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Admin dashboard"
        lead={<p>What needs attention now. Each count links to its queue.</p>}
      />
      {counts ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {cards.map((card) => (
            <DashboardCard key={card.name} card={card} count={counts[card.name]} />
          ))}
        </div>
      ) : (
        <FormAlert message="The counts could not be loaded. Please reload the page." />
      )}
    </>
  );
}
