import type { TRevisionChange } from '@ipatient/contracts/campaign-revisions';

const bankFields = new Set(['bankName', 'accountNumber', 'accountName']);

/** One side of a change: the approved value or the proposed one. */
function Side({ label, value, tone }: { label: string; value: string | null; tone: string }) {
  return (
    <div className="min-w-0">
      <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {label}
      </span>
      <span className={`block break-words whitespace-pre-line ${tone}`}>{value ?? '(none)'}</span>
    </div>
  );
}

/**
 * A change as a list of fields, each with its approved value and the proposed one. A change of
 * bank account is marked: payouts wait until it is checked. Lists (not a table), so it reads
 * the same on a 320 px phone.
 */
export function ChangeList({ changes }: { changes: readonly TRevisionChange[] }) {
  return (
    <dl className="mt-4 space-y-3">
      {changes.map((change) => {
        const bank = bankFields.has(change.field);
        return (
          <div
            key={change.field}
            className={`rounded-xl border p-3 ${bank ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-white'}`}
          >
            <dt className="font-semibold text-slate-900">
              {change.label}
              {bank ? (
                <span className="ml-2 text-sm font-bold text-red-800">Bank change</span>
              ) : null}
            </dt>
            <dd className="mt-2 grid gap-2 sm:grid-cols-2">
              <Side label="Before" value={change.before} tone="text-slate-700" />
              <Side label="After" value={change.after} tone="text-slate-900" />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
