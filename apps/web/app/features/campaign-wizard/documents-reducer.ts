import type { CampaignDocumentKind } from '@ipatient/contracts/evidence-rules';
import {
  type DocumentField,
  documentFields,
  fieldId,
  headingId,
  type WizardErrors,
} from './wizard-model.ts';
import type { WizardAction, WizardViewState } from './wizard-reducer.ts';
import type { UploadResult } from './wizard-results.ts';

type DocumentAction = Extract<
  WizardAction,
  { type: 'documentUploading' | 'documentRefused' | 'documentAnswered' | 'documentRemoved' }
>;

/** The field's message, and the submission's "add the documents", are answered. */
function withoutDocumentErrors(errors: WizardErrors, field: DocumentField): WizardErrors {
  const copy = { ...errors };
  delete copy[field];
  delete copy.documentIds;
  return copy;
}

/** One upload fewer of this kind in flight. */
function doneUploading(state: WizardViewState, kind: CampaignDocumentKind) {
  const index = state.uploading.indexOf(kind);
  return index < 0 ? state.uploading : state.uploading.toSpliced(index, 1);
}

/**
 * An uploaded document joins the wizard's list: the bill and the report replace an earlier one
 * of their kind; other documents are added (the step offers no more than the limit).
 */
function answerDocument(state: WizardViewState, result: UploadResult): WizardViewState {
  const field = documentFields[result.kind];
  const uploading = doneUploading(state, result.kind);
  if (!result.ok || !result.document) {
    return {
      ...state,
      uploading,
      errors: { ...state.errors, [field]: result.message },
      focus: { targets: [fieldId(field)] },
    };
  }
  const uploaded = result.document;
  const kept =
    uploaded.kind === 'other'
      ? state.documents
      : state.documents.filter((document) => document.kind !== uploaded.kind);
  return {
    ...state,
    uploading,
    documents: [...kept, uploaded],
    errors: withoutDocumentErrors(state.errors, field),
  };
}

/** The documents step's actions (wizard-reducer.ts hands them here). */
export function documentsReducer(state: WizardViewState, action: DocumentAction): WizardViewState {
  switch (action.type) {
    case 'documentUploading':
      return {
        ...state,
        uploading: [...state.uploading, action.kind],
        errors: withoutDocumentErrors(state.errors, documentFields[action.kind]),
      };
    case 'documentRefused': {
      const field = documentFields[action.kind];
      return {
        ...state,
        errors: { ...state.errors, [field]: action.problem },
        focus: { targets: [fieldId(field)] },
      };
    }
    case 'documentAnswered':
      return answerDocument(state, action.result);
    case 'documentRemoved': {
      const removed = state.documents.find((document) => document.id === action.id);
      // Focus goes to the file input that takes its place.
      const field = documentFields[removed?.kind ?? 'other'];
      return {
        ...state,
        documents: state.documents.filter((document) => document.id !== action.id),
        focus: { targets: [fieldId(field), headingId(4)] },
      };
    }
  }
}
