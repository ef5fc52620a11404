import { type ReportStatus, reportStatusLabels } from '@ipatient/contracts/campaign-reports';
import { StatusPill, type StatusTone } from '../../components/admin/status-pill.tsx';

const tones: Record<ReportStatus, StatusTone> = {
  open: 'warning',
  upheld: 'danger',
  dismissed: 'neutral',
};

/** A report's status in words and colour. */
export function ReportStatusPill({ status }: { status: ReportStatus }) {
  return (
    <StatusPill tone={tones[status]} srPrefix="Status: ">
      {reportStatusLabels[status]}
    </StatusPill>
  );
}
