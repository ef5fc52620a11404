import {
  type ComplaintStatus,
  complaintLimits,
  complaintStatusLabels,
} from '@ipatient/contracts/advocacy-rules';
import { Form } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import { type ActionResult, resultFor } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';

/** The status a complaint moves to next, or null when it is finished. */
const nextStatus: Record<ComplaintStatus, ComplaintStatus | null> = {
  submitted: 'acknowledged',
  acknowledged: 'under_review',
  under_review: 'resolved',
  resolved: null,
  closed: null,
};

function NoteForm({
  intent,
  status,
  label,
  hint,
  required,
  result,
  action,
  danger,
}: {
  intent: 'move' | 'close';
  status: ComplaintStatus;
  label: string;
  hint: string;
  required: boolean;
  result: ActionResult | undefined;
  action: string;
  danger?: boolean;
}) {
  return (
    <Form
      method="post"
      action={action}
      reloadDocument
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="status" value={status} />
      <TextAreaField
        id={`note-${intent}`}
        name="note"
        label={`Note to the patient${required ? '' : ' (optional)'}`}
        hint={hint}
        rows={4}
        required={required}
        maxLength={complaintLimits.noteMax}
        defaultValue={result?.values.note}
        error={result?.errors.note ?? (result?.ok === false ? result.message : undefined)}
      />
      <button
        type="submit"
        className={
          danger
            ? buttonClass('secondary', 'border-red-700 text-red-800 hover:bg-red-50')
            : buttonClass('primary')
        }
      >
        {label}
      </button>
    </Form>
  );
}

/**
 * Moves a complaint on: to its next status (an optional note) or closed (a note required), each
 * note emailed to the patient. A finished complaint offers nothing.
 */
export function ComplaintActions({
  status,
  action,
  result,
}: {
  status: ComplaintStatus;
  /** The complaint's admin page, whose action takes the forms. */
  action: string;
  /** What the last form answered, when it was refused. */
  result: ActionResult | undefined;
}) {
  const next = nextStatus[status];
  const open = status !== 'resolved' && status !== 'closed';
  return (
    <aside aria-labelledby="complaint-actions" className="space-y-4">
      <h2 id="complaint-actions" className="text-xl font-bold text-slate-900">
        Move it on
      </h2>
      {next ? (
        <NoteForm
          intent="move"
          status={next}
          label={`Move to ${complaintStatusLabels[next]}`}
          hint="Kept in the history and emailed to the patient."
          required={false}
          result={resultFor(result, 'move')}
          action={action}
        />
      ) : null}
      {open ? (
        <NoteForm
          intent="close"
          status="closed"
          label="Close complaint"
          hint="Closing ends the complaint; say why. Emailed to the patient."
          required
          result={resultFor(result, 'close')}
          action={action}
          danger
        />
      ) : (
        <p className="text-slate-700">
          This complaint is {complaintStatusLabels[status].toLowerCase()}: there is nothing more to
          move.
        </p>
      )}
    </aside>
  );
}
