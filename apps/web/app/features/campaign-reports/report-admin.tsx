import {
  reportHoldReason,
  reportLimits,
  type TCampaignReportDetail,
} from '@ipatient/contracts/campaign-reports';
import { Link } from 'react-router';
import { ActionCard, ActionsPanel } from '../../components/admin/action-card.tsx';
import { Fact, FactsSection } from '../../components/admin/facts.tsx';
import { formatDateTime } from '../../components/admin/format-date-time.ts';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import { type ActionResult, resultFor } from '../../lib/forms.ts';
import { ReportStatusPill } from './report-status.tsx';

/** The intents the admin report page's action takes. */
export const reportAdminIntents = ['hold', 'release', 'upheld', 'dismissed'] as const;
export type ReportAdminIntent = (typeof reportAdminIntents)[number];

/** What was reported, by whom (an email, an account) and how it ended. */
export function ReportFacts({ report }: { report: TCampaignReportDetail }) {
  const { campaign } = report;
  return (
    <FactsSection id="report-facts" title="The report">
      <Fact term="Campaign" wide>
        <a
          href={`/campaigns/${encodeURIComponent(campaign._id)}`}
          className="text-brand-800 underline underline-offset-2"
        >
          {campaign.title}
        </a>{' '}
        <Link
          to={`/admin/campaigns/${encodeURIComponent(campaign._id)}`}
          className="text-sm font-normal text-brand-800 underline underline-offset-2"
        >
          (review it as an admin)
        </Link>
      </Fact>
      <Fact term="Reason">{report.reasonLabel}</Fact>
      <Fact term="Reported">
        <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
      </Fact>
      <Fact term="What they saw" wide>
        <span className="font-normal whitespace-pre-line">{report.details}</span>
      </Fact>
      <Fact term="Reporter">
        {report.reporterEmail ?? 'No email given'}
        {report.reporterUserId ? (
          <span className="block text-sm font-normal text-slate-700">Signed in as a member</span>
        ) : null}
      </Fact>
      <Fact term="Payouts">
        {campaign.payoutsFrozenAt ? (
          <>
            Held since{' '}
            <time dateTime={campaign.payoutsFrozenAt}>
              {formatDateTime(campaign.payoutsFrozenAt)}
            </time>
            <span className="block text-sm font-normal text-slate-700">
              {campaign.payoutsFrozenReason ?? 'No reason given'}
            </span>
          </>
        ) : (
          'Not held'
        )}
      </Fact>
      {report.resolvedAt ? (
        <Fact term="Outcome (sent to the reporter)" wide>
          <span className="font-normal whitespace-pre-line">{report.outcome}</span>
          <span className="block text-sm font-normal text-slate-700">
            Closed <time dateTime={report.resolvedAt}>{formatDateTime(report.resolvedAt)}</time>
          </span>
        </Fact>
      ) : null}
    </FactsSection>
  );
}

/**
 * Hold or release the campaign's payouts, and close the report as upheld or dismissed with the
 * outcome the reporter is sent. The API checks each again.
 */
export function ReportAdminActions({
  report,
  result,
}: {
  report: TCampaignReportDetail;
  result: ActionResult | undefined;
}) {
  const { campaign } = report;
  const close = resultFor(result, 'upheld') ?? resultFor(result, 'dismissed');
  const heldHere = campaign.payoutsFrozenReason === reportHoldReason;
  return (
    <ActionsPanel id="report-actions">
      {campaign.payoutsFrozenAt === null ? (
        <ActionCard
          intent="hold"
          title="Hold payouts"
          hint="No payout can be requested, approved or released from this campaign until they are released."
          submit={{ label: 'Hold payouts' }}
        />
      ) : heldHere ? (
        <ActionCard
          intent="release"
          title="Release payouts"
          hint="Payouts can leave this campaign again."
          submit={{ label: 'Release payouts', tone: 'secondary' }}
        />
      ) : (
        <p className="text-sm text-slate-700">
          Payouts are held for another reason; they are released where that hold was placed.
        </p>
      )}
      {report.status === 'open' ? (
        <ActionCard
          title="Close the report"
          hint="The outcome is emailed to the reporter when they gave an email."
        >
          <TextAreaField
            label="Outcome (sent to the reporter)"
            name="outcome"
            id="report-outcome"
            rows={4}
            required
            minLength={reportLimits.outcomeMin}
            maxLength={reportLimits.outcomeMax}
            defaultValue={close?.values.outcome}
            error={close?.errors.outcome ?? (close?.ok === false ? close.message : undefined)}
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="upheld" className={buttonClass('primary')}>
              Close as upheld
            </button>
            <button
              type="submit"
              name="intent"
              value="dismissed"
              className={buttonClass('secondary')}
            >
              Close as dismissed
            </button>
          </div>
        </ActionCard>
      ) : (
        <p className="flex flex-wrap items-center gap-2 text-slate-700">
          This report is closed: <ReportStatusPill status={report.status} />
        </p>
      )}
    </ActionsPanel>
  );
}

/** The campaign's other reports, oldest first, each linking to its page. */
export function OtherReports({ report }: { report: TCampaignReportDetail }) {
  return (
    <section aria-labelledby="other-reports" className="mt-8 space-y-3">
      <h2 id="other-reports" className="text-xl font-bold text-slate-900">
        Other reports of this campaign ({report.otherReports.length})
      </h2>
      {report.otherReports.length === 0 ? (
        <p className="text-slate-700">This is the only report of this campaign.</p>
      ) : (
        <ul className="space-y-3">
          {report.otherReports.map((other) => (
            <li
              key={other._id}
              className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <p className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/admin/reports/${other._id}`}
                  className="font-semibold text-brand-800 underline underline-offset-2"
                >
                  {other.reasonLabel}
                </Link>
                <ReportStatusPill status={other.status} />
                <time dateTime={other.createdAt} className="text-sm text-slate-700">
                  {formatDateTime(other.createdAt)}
                </time>
              </p>
              <p className="mt-1 line-clamp-3 break-words text-slate-800">{other.details}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
