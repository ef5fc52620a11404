import type { TReconciledCampaign, TReconciliation } from '@ipatient/contracts/money';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { moneyHref, moneyPaths } from './money-query.ts';
import { countText, fundName, naira } from './money-text.tsx';

interface Figure {
  label: string;
  counter: string;
  rows: string;
}

/** What a pot should hold by its rows: what came in less what left or waits to leave. */
const left = (moneyIn: number, ...moneyOut: number[]) =>
  moneyOut.reduce((sum, out) => sum - out, moneyIn);

/** A pot's counters beside the sums of its rows, one line per figure; the differing ones marked. */
function FiguresTable({ caption, figures }: { caption: string; figures: Figure[] }) {
  return (
    <div>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="border-b border-slate-200 px-2 py-2 sm:px-3 font-semibold">
              Figure
            </th>
            <th scope="col" className="border-b border-slate-200 px-2 py-2 sm:px-3 font-semibold">
              Counter
            </th>
            <th scope="col" className="border-b border-slate-200 px-2 py-2 sm:px-3 font-semibold">
              From the rows
            </th>
          </tr>
        </thead>
        <tbody>
          {figures.map((figure) => {
            const differs = figure.counter !== figure.rows;
            return (
              <tr key={figure.label} className={differs ? 'bg-red-50' : undefined}>
                <th
                  scope="row"
                  className="border-b border-slate-200 px-2 py-2 sm:px-3 font-medium text-slate-900"
                >
                  {figure.label}
                  {differs ? (
                    <span className="ml-1 font-semibold text-red-800">(differs)</span>
                  ) : null}
                </th>
                <td className="border-b border-slate-200 px-2 py-2 sm:px-3 whitespace-nowrap">
                  {figure.counter}
                </td>
                <td className="border-b border-slate-200 px-2 py-2 sm:px-3 whitespace-nowrap">
                  {figure.rows}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function campaignFigures(c: TReconciledCampaign): Figure[] {
  const { counters: k, recomputed: r } = c;
  return [
    { label: 'Donated', counter: naira(k.donated), rows: naira(r.donated) },
    { label: 'Awarded by the fund', counter: naira(k.awarded), rows: naira(r.awarded) },
    {
      label: 'Available',
      counter: naira(k.available),
      rows: naira(left(r.donated + r.awarded, r.pendingPayout, r.paidOut, r.refunded)),
    },
    { label: 'Waiting for payouts', counter: naira(k.pendingPayout), rows: naira(r.pendingPayout) },
    { label: 'Paid out', counter: naira(k.paidOut), rows: naira(r.paidOut) },
    { label: 'Refunded', counter: naira(k.refunded), rows: naira(r.refunded) },
    { label: 'Amount raised (shown)', counter: naira(k.amountRaised), rows: naira(r.amountRaised) },
    { label: 'Donations counted', counter: String(k.donationCount), rows: String(r.donationCount) },
  ];
}

function Problems({ problems }: { problems: string[] }) {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-red-900">
      {problems.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  );
}

/** "2 campaigns do not agree", "The fund does not agree", "1 campaign and the fund do not agree". */
function disagreeing(campaigns: number, fundOk: boolean): string {
  if (campaigns === 0) return `The ${fundName} does not agree`;
  const named = countText(campaigns, 'campaign', 'campaigns');
  if (!fundOk) return `${named} and the ${fundName} do not agree`;
  return `${named} ${campaigns === 1 ? 'does' : 'do'} not agree`;
}

const linkClass = 'text-brand-800 underline underline-offset-2 hover:text-brand-900';

/**
 * The reconciliation: whether every pot balances and every counter equals the sum of its rows
 * (donations, refunds, payouts, weekly awards); the campaigns (and the fund) that do not, each
 * figure beside the rows' own.
 */
export function ReconciliationView({ report }: { report: TReconciliation }) {
  const { fund } = report;
  const r = fund.recomputed;
  return (
    <div className="space-y-8">
      <section
        aria-labelledby="reconciliation-outcome"
        className={`flex gap-3 rounded-2xl border p-4 ${report.ok ? 'border-brand-300 bg-brand-50' : 'border-red-300 bg-red-50'}`}
      >
        {report.ok ? (
          <CircleCheck aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-brand-800" />
        ) : (
          <CircleAlert aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-red-800" />
        )}
        <div>
          <h2 id="reconciliation-outcome" className="text-lg font-bold text-slate-900">
            {report.ok ? 'Everything balances' : 'Some counters do not match their rows'}
          </h2>
          <p className="text-slate-800">
            {countText(report.checked, 'campaign', 'campaigns')} with money checked, and the{' '}
            {fundName}.{' '}
            {report.ok
              ? 'Every counter equals the sum of its rows.'
              : `${disagreeing(report.campaigns.length, fund.ok)}: see below.`}
          </p>
        </div>
      </section>

      <section aria-labelledby="reconciliation-fund" className="space-y-3">
        <h2 id="reconciliation-fund" className="text-xl font-bold text-slate-900">
          {fundName}: {fund.ok ? 'balances' : 'does not balance'}
        </h2>
        {fund.ok ? null : <Problems problems={fund.problems} />}
        <FiguresTable
          caption={`${fundName}: counters and rows`}
          figures={[
            {
              label: 'Donated',
              counter: naira(fund.counters.donated),
              rows: naira(fund.recomputed.donated),
            },
            {
              label: 'Awarded to winners',
              counter: naira(fund.counters.awarded),
              rows: naira(fund.recomputed.awarded),
            },
            {
              label: 'Refunded',
              counter: naira(fund.counters.refunded),
              rows: naira(fund.recomputed.refunded),
            },
            {
              label: 'Available',
              counter: naira(fund.counters.available),
              rows: naira(left(r.donated, r.awarded, r.refunded)),
            },
          ]}
        />
      </section>

      {report.campaigns.length > 0 ? (
        <section aria-labelledby="reconciliation-campaigns" className="space-y-6">
          <h2 id="reconciliation-campaigns" className="text-xl font-bold text-slate-900">
            Campaigns that do not agree
          </h2>
          {report.campaigns.map((campaign) => (
            <article
              key={campaign.campaignId}
              aria-labelledby={`reconcile-${campaign.campaignId}`}
              className="space-y-3 rounded-2xl border border-red-200 bg-white p-4 shadow-sm"
            >
              <h3
                id={`reconcile-${campaign.campaignId}`}
                className="text-lg font-bold text-slate-900"
              >
                {campaign.title}
              </h3>
              <p className="flex flex-wrap gap-4 text-sm">
                <Link to={`/admin/campaigns/${campaign.campaignId}`} className={linkClass}>
                  Open the campaign<span className="sr-only">: {campaign.title}</span>
                </Link>
                <Link
                  to={moneyHref(moneyPaths.donations, { campaignId: campaign.campaignId })}
                  className={linkClass}
                >
                  Its donations<span className="sr-only">: {campaign.title}</span>
                </Link>
              </p>
              <Problems problems={campaign.problems} />
              <FiguresTable
                caption={`${campaign.title}: counters and rows`}
                figures={campaignFigures(campaign)}
              />
            </article>
          ))}
        </section>
      ) : null}
    </div>
  );
}
