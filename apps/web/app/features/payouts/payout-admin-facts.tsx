import type { TPayout } from '@ipatient/contracts/payouts';
import { Link } from 'react-router';
import { Fact, FactsSection } from '../../components/admin/facts.tsx';
import { formatDateTime } from '../../components/admin/format-date-time.ts';
import { formatPayoutAmount } from './payout-text.tsx';

/** Who did a step and when ("user id, 05 March 2025, 4:05 pm"), or "Not yet". */
function Step({ by, at }: { by: string | null; at: string | null }) {
  if (!at) return <span className="font-normal text-slate-700">Not yet</span>;
  return (
    <>
      <time dateTime={at}>{formatDateTime(at)}</time>
      {by ? (
        <span className="block font-mono text-sm font-normal text-slate-700">by user {by}</span>
      ) : null}
    </>
  );
}

/** Everything about a payout an admin needs to check it: the bill, the payee's full account. */
export function PayoutAdminFacts({ payout }: { payout: TPayout }) {
  return (
    <FactsSection id="payout-facts" title="The payout">
      <Fact term="Amount">{formatPayoutAmount(payout.amount)}</Fact>
      <Fact term="Reference">
        <span className="font-mono">{payout.reference}</span>
      </Fact>
      <Fact term="Campaign" wide>
        <Link
          to={`/admin/campaigns/${payout.campaignId}`}
          className="text-brand-800 underline underline-offset-2"
        >
          {payout.campaignTitle}
        </Link>
      </Fact>
      <Fact term="What it pays for" wide>
        <span className="font-normal whitespace-pre-line">{payout.purpose}</span>
      </Fact>
      <Fact term="Bill document">
        <span className="font-mono text-sm">{payout.billDocumentId}</span>
      </Fact>
      <Fact term="Payee">
        {payout.payee.kind === 'hospital' ? 'Hospital' : 'Campaign’s bank account'}:{' '}
        {payout.payee.name}
      </Fact>
      <Fact term="Bank">{payout.payee.bankName}</Fact>
      <Fact term="Account">
        <span className="font-mono">{payout.payee.accountNumber}</span>
        <span className="block font-normal">{payout.payee.accountName}</span>
      </Fact>
      <Fact term="Transfer code">
        {payout.transferCode ? (
          <span className="font-mono">{payout.transferCode}</span>
        ) : (
          <span className="font-normal text-slate-700">None yet</span>
        )}
      </Fact>
      <Fact term="Requested">
        <Step by={payout.requestedBy} at={payout.requestedAt} />
      </Fact>
      <Fact term="Approved">
        <Step by={payout.approvedBy} at={payout.approvedAt} />
      </Fact>
      <Fact term="Released">
        <Step by={payout.releasedBy} at={payout.releasedAt} />
      </Fact>
      <Fact term="Paid">
        <Step by={null} at={payout.paidAt} />
      </Fact>
      {payout.reason ? (
        <Fact term="Reason" wide>
          <span className="font-normal whitespace-pre-line">{payout.reason}</span>
        </Fact>
      ) : null}
    </FactsSection>
  );
}
