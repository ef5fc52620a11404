/**
 * What a form's action answers when it does not redirect: the API's message (toast and
 * alert), per-field errors, and what was typed, so a page rendered by the server (no
 * JavaScript) shows the form as it was sent.
 */
export interface ActionResult {
  ok: boolean;
  /** Which form of the page was sent. */
  intent: string;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  /** Seconds until the API accepts the same request again (429). */
  retryAfter?: number | undefined;
  /** New for every answer, so a repeated message still shows a new toast. */
  toastId: string;
}

/** The result when it belongs to `intent` (pages with several forms). */
export function resultFor<T extends Pick<ActionResult, 'intent'>>(
  result: T | undefined,
  intent: string,
): T | undefined {
  return result?.intent === intent ? result : undefined;
}

/**
 * What the form fields are called on screen, by the name the API gives them: the error summary
 * and the server's messages name fields this way, never by their code names. A form's own
 * `<label>` wins once the page's script runs (components/ui/form-alert.tsx).
 */
const fieldLabels: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone number',
  email: 'Email',
  password: 'Password',
  currentPassword: 'Old password',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  acceptTerms: 'Terms and conditions',
  isAdvocate: 'Volunteer as an advocate',
  age: 'Age',
  gender: 'Gender',
  address: 'Address',
  state: 'State',
  lga: 'LGA',
  image: 'Photo',
  code: 'Code',
  emailOtp: 'Code',
  resetCode: 'Code',
  title: 'Title',
  content: 'Text',
  rating: 'Rating',
  name: 'Name',
  message: 'Message',
  amount: 'Amount',
  customAmount: 'Amount',
  category: 'Category',
  description: 'Story',
  hospitalName: 'Hospital name',
  hospitalAddress: 'Hospital address',
  complaints: 'Your complaint',
  fundraisingFor: 'Who you are raising funds for',
  beneficiaryType: 'Who the campaign is for',
  amountNeeded: 'Goal amount',
  duration: 'Duration',
  bankCode: 'Bank',
  accountNumber: 'Account number',
  reason: 'Reason',
  note: 'Note',
  status: 'Status',
  urlSlug: 'Address',
  publisher: 'Author',
  author: 'Author',
  excerpt: 'Excerpt',
  titleImage: 'Cover image',
  bodyImage: 'Image',
  releaseDate: 'Release date',
  producedBy: 'Produced by',
  number: 'Episode number',
  facilityType: 'Facility type',
  services: 'Services',
  terms: 'Terms',
  summary: 'Summary',
};

/** A field's label: from the list above, else its name in words (`hospitalName` → "Hospital name"). */
export function fieldLabel(name: string): string {
  const last = name.split('.').at(-1) ?? name;
  const known = fieldLabels[name] ?? fieldLabels[last];
  if (known) return known;
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

/** The start of the message of a refusal that names several fields. */
export const correctFieldsLead = 'Please correct these fields:';

/** "Please correct these fields: First name, Email." */
export function correctFieldsMessage(names: readonly string[]): string {
  return `${correctFieldsLead} ${names.map(fieldLabel).join(', ')}.`;
}

/** An action's answer as this module describes it (what `useActionData` may hold). */
export function isActionResult(value: unknown): value is ActionResult {
  if (typeof value !== 'object' || value === null) return false;
  const result = value as Partial<ActionResult>;
  return (
    typeof result.ok === 'boolean' &&
    typeof result.message === 'string' &&
    typeof result.errors === 'object' &&
    result.errors !== null
  );
}
