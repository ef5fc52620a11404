import { formatDate } from '@ipatient/contracts/format';
import type { TCampaignPayouts, TPayout } from '@ipatient/contracts/payouts';
import { Form } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { CsrfField } from '../../lib/session.tsx';
import { formatPayoutAmount, PayoutStatusPill, payeeText } from './payout-text.tsx';

/** The campaign's money: what can be asked for now, what is held, paid out and refunded. */
export function PayoutBalance({ balance }: { balance: TCampaignPayouts['balance'] }) {
  const figures = [
    { term: 'Available now', value: balance.available },
    { term: 'Held for payouts in progress', value: balance.pendingPayout },
    { term: 'Paid out', value: balance.paidOut },
    { term: 'Refunded to donors', value: balance.refunded },
  ];
  return (
    <section aria-labelledby="balance-title" className="space-y-3">
      <h2 id="balance-title" className="text-xl font-bold text-slate-900">
        Balance
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map((figure) => (
          <div
            key={figure.term}
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <dt className="text-sm text-slate-600">{figure.term}</dt>
            <dd className="mt-1 text-2xl font-extrabold text-slate-900">
              {formatPayoutAmount(figure.value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function PayoutCard({ payout }: { payout: TPayout }) {
  return (
    <li className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-lg font-bold text-slate-900">{formatPayoutAmount(payout.amount)}</p>
        <PayoutStatusPill status={payout.status} />
      </div>
      <p className="break-words text-slate-800">{payout.purpose}</p>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-600">Paid to: </dt>
          <dd className="inline text-slate-900">
            {payeeText(payout.payee)}, {payout.payee.bankName} {payout.payee.accountNumber}
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Reference: </dt>
          <dd className="inline font-mono text-slate-900">{payout.reference}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Requested: </dt>
          <dd className="inline text-slate-900">
            <time dateTime={payout.requestedAt}>{formatDate(payout.requestedAt)}</time>
          </dd>
        </div>
        {payout.paidAt ? (
          <div>
            <dt className="inline text-slate-600">Paid: </dt>
            <dd className="inline text-slate-900">
              <time dateTime={payout.paidAt}>{formatDate(payout.paidAt)}</time>
            </dd>
          </div>
        ) : null}
        {payout.reason ? (
          <div className="sm:col-span-2">
            <dt className="inline text-slate-600">Reason: </dt>
            <dd className="inline break-words text-slate-900">{payout.reason}</dd>
          </div>
        ) : null}
      </dl>
      {payout.status === 'requested' ? (
        <Form method="post" reloadDocument>
          <CsrfField />
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="payoutId" value={payout._id} />
          <button
            type="submit"
            className={buttonClass('secondary', 'border-red-700 text-red-800 hover:bg-red-50')}
          >
            Cancel payout {formatPayoutAmount(payout.amount)}
          </button>
        </Form>
      ) : null}
    </li>
  );
}

/** The campaign's payouts, newest first, each with its status; requested ones can be cancelled. */
export function CampaignPayoutList({ payouts }: { payouts: readonly TPayout[] }) {
  return (
    <section aria-labelledby="payouts-title" className="space-y-3">
      <h2 id="payouts-title" className="text-xl font-bold text-slate-900">
        Your payouts
      </h2>
      {payouts.length === 0 ? (
        <EmptyState title="No payouts yet">
          <p>When you request one, it shows here with its progress.</p>
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {payouts.map((payout) => (
            <PayoutCard key={payout._id} payout={payout} />
          ))}
        </ul>
      )}
    </section>
  );
}
