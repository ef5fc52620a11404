import { type TVerificationChecklist, ZVerificationChecklist } from '@ipatient/contracts/evidence';
import { safeLocalPath } from '../../lib/safe-path.ts';

/**
 * A safe in-app return address under `prefix` from a posted field (else `fallback`). The path
 * is resolved first, so `/admin/reviews/../..//evil` is judged by where it leads.
 */
export function returnPath(value: string, prefix: string, fallback: string): string {
  const path = safeLocalPath(value, fallback);
  const rest = path.slice(prefix.length);
  return path.startsWith(prefix) && (rest === '' || /^[/?#]/.test(rest)) ? path : fallback;
}

/** The approval checklist's fields, as the form names them (the API's names). */
export const checklistFields = [
  'documentsNameBeneficiary',
  'hospitalConfirmedVia',
  'hospitalConfirmedBy',
  'hospitalConfirmedOn',
  'accountNameMatches',
  'note',
] as const;

/** What the approval form sent, as text (to show the form again as it was). */
export function checklistValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of checklistFields) {
    const value = form.get(field);
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

/**
 * The approval checklist from the posted form, checked with the API's own rule: the checklist
 * to send, or a message per field (the same words the API would answer).
 */
export function readChecklist(
  values: Record<string, string>,
): { ok: true; checklist: TVerificationChecklist } | { ok: false; errors: Record<string, string> } {
  const parsed = ZVerificationChecklist.safeParse({
    documentsNameBeneficiary: values.documentsNameBeneficiary === 'true',
    hospitalConfirmedVia: values.hospitalConfirmedVia || undefined,
    hospitalConfirmedBy: values.hospitalConfirmedBy,
    hospitalConfirmedOn: values.hospitalConfirmedOn || undefined,
    accountNameMatches: values.accountNameMatches || undefined,
    note: values.note,
  });
  if (parsed.success) return { ok: true, checklist: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'checklist');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The API names the checklist's fields `checklist.<field>`: the form's fields are `<field>`. */
export function checklistErrors(errors: Record<string, string>): Record<string, string> {
  const renamed: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    renamed[field.startsWith('checklist.') ? field.slice('checklist.'.length) : field] = message;
  }
  return renamed;
}
