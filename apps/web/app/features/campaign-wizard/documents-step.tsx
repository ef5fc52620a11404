import {
  type CampaignDocumentKind,
  documentKindLabels,
  evidenceLimits,
} from '@ipatient/contracts/evidence-rules';
import { FileText, LoaderCircle, LockKeyhole } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { documentAccept, fileSize } from './document-files.ts';
import { documentFields, type WizardDocument, type WizardErrors } from './wizard-model.ts';

/** Who can see the documents, said wherever they are asked for. */
export const documentsPrivacy =
  'Only you and the iPatient team can open these documents. They are never shown on the campaign page.';

const megabytes = evidenceLimits.documentMaxBytes / (1024 * 1024);
const fileHint = `PDF, JPEG or PNG, up to ${megabytes} MB.`;
const fileInputClass =
  'mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-full file:border-0 file:bg-brand-100 file:px-4 file:font-semibold file:text-brand-900 hover:file:bg-brand-200';

interface DocumentsStepProps {
  /** Uploaded in this wizard (or by the long form's refused post), not yet with the campaign. */
  documents: readonly WizardDocument[];
  /** Editing: the campaign's documents. */
  savedDocuments: readonly WizardDocument[] | undefined;
  uploading: readonly CampaignDocumentKind[];
  errors: WizardErrors;
  enhanced: boolean;
  onChoose(kind: CampaignDocumentKind, event: ChangeEvent<HTMLInputElement>): void;
  onRemove(id: string): void;
}

/** One uploaded document: its name, kind and size, and (in the wizard) a way to remove it. */
function DocumentItem({
  document,
  onRemove,
}: {
  document: WizardDocument;
  onRemove?: ((id: string) => void) | undefined;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-3 py-2">
      <FileText aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
      <span className="min-w-0 flex-1">
        <span className="block font-medium break-words text-slate-900">{document.fileName}</span>
        <span className="block text-sm text-slate-600">
          {documentKindLabels[document.kind]} · {fileSize(document.sizeBytes)}
        </span>
      </span>
      {onRemove ? (
        <button
          type="button"
          onClick={() => onRemove(document.id)}
          aria-label={`Remove ${document.fileName}`}
          className={buttonClass('secondary', 'min-h-11')}
        >
          Remove
        </button>
      ) : null}
    </li>
  );
}

interface DocumentFieldProps {
  kind: CampaignDocumentKind;
  label: string;
  hint: string;
  required: boolean;
  /** The documents of this kind uploaded so far. */
  uploaded: readonly WizardDocument[];
  /** How many more may be added (0 hides the file input in the wizard). */
  room: number;
  busy: boolean;
  error: string | undefined;
  enhanced: boolean;
  onChoose(kind: CampaignDocumentKind, event: ChangeEvent<HTMLInputElement>): void;
  onRemove(id: string): void;
}

function DocumentField({
  kind,
  label,
  hint,
  required,
  uploaded,
  room,
  busy,
  error,
  enhanced,
  onChoose,
  onRemove,
}: DocumentFieldProps) {
  const field = documentFields[kind];
  const id = `campaign-${field}`;
  const describedBy = [error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ');
  const multiple = kind === 'other';
  // Without JavaScript the files go with the form: nothing can be removed, so nothing is kept
  // here but what a refused post uploaded already (sent again as hidden fields).
  const showInput = !enhanced || room > 0;
  return (
    <div className="space-y-2">
      {uploaded.length > 0 ? (
        <ul aria-label={label} className="space-y-2">
          {uploaded.map((document) => (
            <DocumentItem
              key={document.id}
              document={document}
              onRemove={enhanced ? onRemove : undefined}
            />
          ))}
        </ul>
      ) : null}
      {enhanced
        ? null
        : uploaded.map((document) => (
            <input
              key={document.id}
              type="hidden"
              name="keptDocuments"
              value={JSON.stringify(document)}
            />
          ))}
      {showInput ? (
        <div>
          <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
            {uploaded.length > 0 && !multiple ? `Replace: ${label.toLowerCase()}` : label}
            {required ? null : <span className="font-normal text-slate-600"> (optional)</span>}
          </label>
          <input
            id={id}
            name={field}
            type="file"
            accept={documentAccept}
            multiple={multiple}
            required={!enhanced && required && uploaded.length === 0}
            disabled={busy && !multiple}
            onChange={(event) => onChoose(kind, event)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={fileInputClass}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
            {hint} {fileHint}
          </p>
        </div>
      ) : error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {busy ? (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
          Uploading…
        </p>
      ) : null}
    </div>
  );
}

/**
 * Step 4: the evidence of medical need (docs/product.md#verification). The hospital's bill or
 * estimate and a medical report are required, up to three other documents may be added. In the
 * wizard each file is uploaded as soon as it is chosen (the draft keeps the ids, never the
 * files); without JavaScript the files go with the form.
 */
export function DocumentsStep({
  documents,
  savedDocuments,
  uploading,
  errors,
  enhanced,
  onChoose,
  onRemove,
}: DocumentsStepProps) {
  const editing = savedDocuments !== undefined;
  const ofKind = (kind: CampaignDocumentKind) =>
    documents.filter((document) => document.kind === kind);
  const othersUploading = uploading.filter((kind) => kind === 'other').length;
  const otherRoom = Math.max(
    0,
    evidenceLimits.otherDocumentsMax - ofKind('other').length - othersUploading,
  );
  const common = { enhanced, onChoose, onRemove };
  return (
    <div className="space-y-6">
      <p className="text-slate-800">
        Our team checks the need before your campaign goes live: add the hospital&apos;s bill or
        estimate and a medical report that name the patient.
      </p>
      <p
        id="campaign-documents-privacy"
        className="flex items-start gap-2 rounded-xl bg-brand-50 p-3 text-sm text-slate-800"
      >
        <LockKeyhole aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-800" />
        {documentsPrivacy}
      </p>
      {editing && savedDocuments.length > 0 ? (
        <section aria-labelledby="campaign-documents-saved">
          <h3 id="campaign-documents-saved" className="font-semibold text-slate-900">
            Already with your campaign
          </h3>
          <ul className="mt-2 space-y-2">
            {savedDocuments.map((document) => (
              <DocumentItem key={document.id} document={document} />
            ))}
          </ul>
        </section>
      ) : null}
      {errors.documentIds ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.documentIds}
        </p>
      ) : null}
      <DocumentField
        {...common}
        kind="bill"
        label="Hospital bill or estimate"
        hint="From the hospital, with the patient's name and what the treatment costs."
        required={!editing}
        uploaded={ofKind('bill')}
        room={ofKind('bill').length > 0 ? 0 : 1}
        busy={uploading.includes('bill')}
        error={errors.billDocument}
      />
      <DocumentField
        {...common}
        kind="medical_report"
        label="Medical report"
        hint="A doctor's report or letter naming the patient and the diagnosis."
        required={!editing}
        uploaded={ofKind('medical_report')}
        room={ofKind('medical_report').length > 0 ? 0 : 1}
        busy={uploading.includes('medical_report')}
        error={errors.reportDocument}
      />
      <DocumentField
        {...common}
        kind="other"
        label={`Other documents, up to ${evidenceLimits.otherDocumentsMax}`}
        hint="Test results, a referral letter, receipts."
        required={false}
        uploaded={ofKind('other')}
        room={otherRoom}
        busy={othersUploading > 0}
        error={errors.otherDocuments}
      />
    </div>
  );
}
