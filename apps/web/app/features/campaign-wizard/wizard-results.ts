import type { CampaignDocumentKind } from '@ipatient/contracts/evidence-rules';
import type { VerifiedAccount, WizardDocument } from './wizard-model.ts';

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
  /** The toast: the submission's success or failure text. */
  message: string;
  /** The API's own explanation of a failure that is not about one field (503, 429, ...). */
  detail: string | undefined;
  errors: Record<string, string>;
  /** What was sent, to fill the long form again when it was posted without JavaScript. */
  values: Record<string, string>;
  /** Documents the long form's post uploaded before it was refused: kept, not asked again. */
  documents?: WizardDocument[];
  /** The server already has this campaign (the same draft, or the same text): nothing to send. */
  alreadySubmitted?: boolean;
  toastId: string;
}

/** The route action's answer to one document uploaded by the wizard ('upload-document'). */
export interface UploadResult {
  ok: boolean;
  intent: 'upload-document';
  kind: CampaignDocumentKind;
  /** The uploaded document (its id goes with the campaign), or null when refused. */
  document: WizardDocument | null;
  /** Why it was refused. */
  message: string;
}

/**
 * A request the wizard sends to its page (checking the account, submitting): React Router's
 * fetcher on pages that hydrate with it, a plain fetch() in the wizard's island.
 */
export interface WizardRequest<T> {
  busy: boolean;
  /** The latest answer (a new object for every answer). */
  data: T | undefined;
  send(body: FormData): void;
}
