import { campaignDocumentKinds } from '@ipatient/contracts/evidence-rules';
import {
  type CoverImage,
  emptyValues,
  isWizardField,
  type StepNumber,
  type VerifiedAccount,
  type WizardDocument,
  type WizardValues,
} from './wizard-model.ts';

/**
 * The wizard's draft in this browser (docs/product.md#campaign-wizard "Campaign draft"), per signed-in user, so a reload
 * or a dropped connection loses nothing. The cover photo (up to 1.2 MB as a data URL) has a key
 * of its own, written only when it changes rather than on every keystroke. Documents are far too
 * large for it: they are uploaded at once and the draft keeps their ids and names.
 */
export interface WizardDraft {
  values: WizardValues;
  account: VerifiedAccount | null;
  step: StepNumber;
  cover: CoverImage | null;
  documents: WizardDocument[];
  /**
   * The draft's key, made when it starts and sent with its submission: the server refuses a
   * second campaign with the same key.
   */
  submissionKey?: string | undefined;
  /** The submission was sent: whether it arrived is asked again when the wizard opens. */
  sent?: boolean | undefined;
}

const draftKey = (userId: string) => `campaignDraft:${userId}`;
const coverKey = (userId: string) => `campaignDraft:${userId}:cover`;
/** The keys of drafts this browser saw submitted: such a draft is never saved again. */
const submittedKey = (userId: string) => `campaignSubmitted:${userId}`;

const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** A new draft's key: 32 random hex digits (in the browser, over plain HTTP too). */
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off (private modes, some WebViews): the wizard still works.
    return undefined;
  }
}

function asStep(value: unknown): StepNumber {
  return value === 2 || value === 3 || value === 4 || value === 5 || value === 6 ? value : 1;
}

function asDocuments(value: unknown): WizardDocument[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, kind, fileName, sizeBytes } = item as Record<string, unknown>;
    const known = campaignDocumentKinds.find((candidate) => candidate === kind);
    if (typeof id !== 'string' || !known || typeof fileName !== 'string') return [];
    return [
      { id, kind: known, fileName, sizeBytes: typeof sizeBytes === 'number' ? sizeBytes : 0 },
    ];
  });
}

function asAccount(value: unknown): VerifiedAccount | null {
  if (typeof value !== 'object' || value === null) return null;
  const account = value as Record<string, unknown>;
  const text = ['accountName', 'accountNumber', 'bankCode', 'bank'] as const;
  if (text.some((key) => typeof account[key] !== 'string')) return null;
  if (account.provider !== 'sandbox' && account.provider !== 'paystack') return null;
  return {
    accountName: account.accountName as string,
    accountNumber: account.accountNumber as string,
    bankCode: account.bankCode as string,
    bank: account.bank as string,
    provider: account.provider,
    checkDigitMatches: account.checkDigitMatches !== false,
  };
}

function asCover(value: unknown): CoverImage | null {
  if (typeof value !== 'object' || value === null) return null;
  const { dataUrl, name, type } = value as Record<string, unknown>;
  if (typeof dataUrl !== 'string' || !/^data:image\/(png|jpeg);base64,/.test(dataUrl)) return null;
  return {
    dataUrl,
    name: typeof name === 'string' ? name : 'cover',
    type: typeof type === 'string' ? type : 'image/jpeg',
  };
}

/** The saved draft, or null when there is none (or it cannot be read). */
export function loadDraft(userId: string): WizardDraft | null {
  const store = storage();
  if (!store) return null;
  try {
    const raw = store.getItem(draftKey(userId));
    const coverRaw = store.getItem(coverKey(userId));
    if (!raw && !coverRaw) return null;
    const saved = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const values = { ...emptyValues };
    if (typeof saved.values === 'object' && saved.values !== null) {
      for (const [key, value] of Object.entries(saved.values)) {
        if (isWizardField(key) && typeof value === 'string') values[key] = value;
      }
    }
    return {
      values,
      account: asAccount(saved.account),
      step: asStep(saved.step),
      cover: coverRaw ? asCover(JSON.parse(coverRaw)) : null,
      documents: asDocuments(saved.documents),
      submissionKey:
        typeof saved.submissionKey === 'string' && KEY_PATTERN.test(saved.submissionKey)
          ? saved.submissionKey
          : undefined,
      sent: saved.sent === true,
    };
  } catch {
    return null;
  }
}

function submittedKeys(userId: string): string[] {
  try {
    const saved: unknown = JSON.parse(storage()?.getItem(submittedKey(userId)) ?? '[]');
    return Array.isArray(saved) ? saved.filter((key) => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Saves the typed fields, the verified account, the step and the uploaded documents; never a
 * draft already submitted (a second tab still open on it must not bring it back).
 */
export function saveDraftFields(userId: string, draft: Omit<WizardDraft, 'cover'>): void {
  if (draft.submissionKey && submittedKeys(userId).includes(draft.submissionKey)) return;
  try {
    storage()?.setItem(draftKey(userId), JSON.stringify(draft));
  } catch {
    // Full or unavailable: keeping the draft is a convenience, never a blocker.
  }
}

/** Saves (or with null, forgets) the cover photo; false when the browser had no room for it. */
export function saveDraftCover(userId: string, cover: CoverImage | null): boolean {
  const store = storage();
  if (!store) return false;
  try {
    if (cover) store.setItem(coverKey(userId), JSON.stringify(cover));
    else store.removeItem(coverKey(userId));
    return true;
  } catch {
    store.removeItem(coverKey(userId));
    return false;
  }
}

/** Notes in the saved draft that its submission has been sent. */
export function markDraftSent(userId: string): void {
  const store = storage();
  try {
    const raw = store?.getItem(draftKey(userId));
    if (!raw) return;
    store?.setItem(draftKey(userId), JSON.stringify({ ...JSON.parse(raw), sent: true }));
  } catch {
    // Keeping the mark is a convenience.
  }
}

/** The draft with this key was submitted: it is forgotten and never saved again. */
export function forgetSubmittedDraft(userId: string, key: string | undefined): void {
  clearDraft(userId);
  if (!key) return;
  try {
    const keys = [key, ...submittedKeys(userId).filter((known) => known !== key)].slice(0, 10);
    storage()?.setItem(submittedKey(userId), JSON.stringify(keys));
  } catch {
    // Nothing more to keep.
  }
}

export function clearDraft(userId: string): void {
  const store = storage();
  try {
    store?.removeItem(draftKey(userId));
    store?.removeItem(coverKey(userId));
  } catch {
    // Nothing to clear.
  }
}
