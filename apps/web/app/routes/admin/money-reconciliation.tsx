import { FormAlert } from '../../components/ui/form-alert.tsx';
import { AdminPageHeader } from '../../features/admin/admin-page-header.tsx';
import { MoneyTabs } from '../../features/money/money-section.tsx';
import { ReconciliationView } from '../../features/money/reconciliation-view.tsx';
import { requireAdmin } from '../../lib/admin.server.ts';
import { getApi } from '../../lib/api-context.ts';
import { readBody } from '../../lib/api-read.server.ts';
import { staticPage } from '../../lib/hydration.ts';
import { pageMeta } from '../../lib/meta.ts';
import type { Route } from './+types/money-reconciliation';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Reconciliation · Money · Admin',
    description:
      'Whether every campaign’s and the Green-Heart fund’s counters equal the sums of their donations, refunds, payouts and awards.',
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const body = await readBody(
    'GET admin money reconciliation',
    getApi(context).money.reconciliation(),
  );
  return { report: body?.result ?? null };
}

export default function AdminMoneyReconciliation({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Reconciliation"
        lead={
          <p>
            Each campaign’s money counters and the Green-Heart fund’s, recomputed now from their
            donations, refunds, payouts and weekly awards. Reload the page to check again.
          </p>
        }
      />
      <MoneyTabs current="reconciliation" />
      {report ? (
        <ReconciliationView report={report} />
      ) : (
        <FormAlert message="The reconciliation could not be done. Please try again." />
      )}
    </>
  );
}
