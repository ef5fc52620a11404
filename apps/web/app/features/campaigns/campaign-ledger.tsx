import type { TLedger } from '@ipatient/contracts/money';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { donationCountText } from '../../lib/donation-count.ts';
import {
  awardWeek,
  ledgerAmount,
  ledgerPayoutStatus,
  noPayoutsText,
  payoutDate,
} from './campaign-ledger-text.ts';

type LedgerPayout = TLedger['moneyOut']['payouts'][number];

/** One line of a summary: what it is, the amount, and a short note under the amount. */
function Figure({ term, amount, note }: { term: string; amount: number; note?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
      <dt className="text-slate-700">{term}</dt>
      <dd className="text-right">
        <span className="font-bold text-slate-900">{ledgerAmount(amount)}</span>
        {note ? <span className="block text-sm text-slate-600"> {note}</span> : null}
      </dd>
    </div>
  );
}

function Awards({ awards }: { awards: TLedger['moneyIn']['awards'] }) {
  return (
    <table className="mt-3 w-full text-left text-sm">
      <caption className="mb-1 text-left font-semibold text-slate-900">
        Weekly awards from the Green-Heart fund
      </caption>
      <thead>
        <tr className="border-b border-slate-300 text-slate-700">
          <th scope="col" className="py-1 pr-4 font-semibold">
            Week
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            Amount
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {awards.map((award) => (
          <tr key={award.weekStart}>
            <td className="py-1.5 pr-4">
              <time dateTime={award.weekStart}>{awardWeek(award.weekStart)}</time>
            </td>
            <td className="py-1.5 text-right font-semibold">{ledgerAmount(award.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A fact of a payout: its name and value, side by side even on a phone. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </>
  );
}

/** One payout as a short list of facts: readable on a phone, read in order by a screen reader. */
function PayoutItem({ payout }: { payout: LedgerPayout }) {
  return (
    <li className="py-3">
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <Fact term="Date">
          {payout.date === null ? (
            payoutDate(null)
          ) : (
            <time dateTime={payout.date}>{payoutDate(payout.date)}</time>
          )}
        </Fact>
        <Fact term="Amount">
          <span className="font-bold">{ledgerAmount(payout.amount)}</span>
        </Fact>
        <Fact term="Paid to">{payout.payee}</Fact>
        <Fact term="For">{payout.purpose}</Fact>
        <Fact term="Status">{ledgerPayoutStatus(payout.status)}</Fact>
      </dl>
    </li>
  );
}

function LedgerFigures({ ledger }: { ledger: TLedger }) {
  const { moneyIn, moneyOut } = ledger;
  return (
    <div className="mt-6 grid gap-8 md:grid-cols-2">
      <section aria-labelledby="ledger-in-title">
        <h3 id="ledger-in-title" className="text-lg font-bold text-slate-900">
          Money in
        </h3>
        <dl className="mt-2 divide-y divide-slate-200">
          <Figure
            term="Given by donors"
            amount={moneyIn.donated}
            note={`from ${donationCountText(moneyIn.donations)}`}
          />
          {moneyIn.awarded > 0 ? (
            <Figure term="Awarded by the Green-Heart fund" amount={moneyIn.awarded} />
          ) : null}
        </dl>
        {moneyIn.awards.length > 0 ? <Awards awards={moneyIn.awards} /> : null}
      </section>
      <section aria-labelledby="ledger-out-title">
        <h3 id="ledger-out-title" className="text-lg font-bold text-slate-900">
          Money out
        </h3>
        <dl className="mt-2 divide-y divide-slate-200">
          <Figure term="Paid out" amount={moneyOut.paidOut} />
          {moneyOut.inProgress > 0 ? (
            <Figure
              term="Payouts under way"
              amount={moneyOut.inProgress}
              note="Asked for and not yet paid"
            />
          ) : null}
          <Figure term="Refunded to donors" amount={moneyOut.refunded} />
        </dl>
        <h4 id="ledger-payouts-title" className="mt-4 font-semibold text-slate-900">
          Payouts
        </h4>
        {moneyOut.payouts.length === 0 ? (
          <p className="mt-1 text-slate-700">{noPayoutsText(moneyOut.inProgress)}</p>
        ) : (
          <ol aria-labelledby="ledger-payouts-title" className="divide-y divide-slate-200">
            {moneyOut.payouts.map((payout, index) => (
              // Payouts carry no id in the public ledger; the list's order never changes on a page.
              // biome-ignore lint/suspicious/noArrayIndexKey: static rows rendered once
              <PayoutItem key={index} payout={payout} />
            ))}
          </ol>
        )}
      </section>
      <dl className="rounded-2xl border border-brand-200 bg-brand-50 px-4 md:col-span-2">
        <Figure
          term="Balance held for this campaign"
          amount={ledger.balance}
          note="Kept for this campaign until it is paid out against a bill"
        />
      </dl>
    </div>
  );
}

/**
 * A campaign's public ledger (docs/product.md#payouts): what came in (gifts and the Green-Heart
 * fund's weekly awards), what went out (each paid payout: date, amount, payee as the ledger names
 * it, purpose; refunds), and the balance held. `ledger` null: the API could not answer, and the
 * rest of the page still shows.
 */
export function CampaignLedger({ ledger }: { ledger: TLedger | null }) {
  return (
    <section aria-labelledby="ledger-title" className="border-t border-slate-200">
      <div className="mx-auto max-w-6xl px-4 py-8 md:px-6 md:py-12">
        <h2 id="ledger-title" className="text-2xl font-extrabold text-slate-900">
          Where the money goes
        </h2>
        <p className="mt-3 max-w-3xl text-slate-800">
          Gifts to this campaign are held for it. Money leaves only as a payout against a hospital
          bill, approved and released by two different people on our team, or as a refund to a
          donor. This is the campaign&apos;s ledger: what came in, what was paid out, to whom and
          for what, and what is left.{' '}
          <Link to="/how-it-works" className="font-semibold text-brand-800 underline">
            How the money works
          </Link>
        </p>
        {ledger === null ? (
          <p className="mt-4 text-slate-700">
            The ledger could not be loaded just now. Please try again later.
          </p>
        ) : (
          <LedgerFigures ledger={ledger} />
        )}
      </div>
    </section>
  );
}
