import type { VerifiedAccount } from './wizard-model.ts';

/** The route action's answer to "Verify account". */
export interface VerifyResult {
  ok: boolean;
  intent: 'verify';
  message: string;
  errors: Record<string, string>;
  account: VerifiedAccount | null;
  /** What was checked, so an answer about an older number is not shown for a new one. */
  bankCode: string;
  accountNumber: string;
  toastId: string;
}

/** The route action's answer to the submission. */
export interface SubmitResult {
  ok: boolean;
  intent: 'submit';
  /** The toast: SPEC §8's success or failure text. */
  message: string;
  /** The API's own explanation of a failure that is not about one field (503, 429, ...). */
  detail: string | undefined;
  errors: Record<string, string>;
  /** What was sent, to fill the long form again when it was posted without JavaScript. */
  values: Record<string, string>;
  toastId: string;
}
