import { limits } from '@ipatient/contracts/constants';
import { ImageIcon } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { buttonClass } from '../../components/ui/button-styles.ts';
import type { CoverImage } from './wizard-model.ts';

/** The cover's size limit in words, from the rule itself (850 KB). */
const coverSizeText = `${Math.round(limits.imageMaxBytes / 1024)} KB`;

interface CoverStepProps {
  cover: CoverImage | null;
  /** When editing: the campaign's current cover, shown and kept until a new one is chosen. */
  currentSrc?: string | null | undefined;
  error: string | undefined;
  /** A remark that is not an error (the draft could not keep the photo). */
  note: string | undefined;
  enhanced: boolean;
  onChoose(event: ChangeEvent<HTMLInputElement>): void;
  onRemove(): void;
}

/**
 * Step 2: the cover photo (docs/product.md#campaign-wizard). PNG or JPEG; a file over 850 KB is refused here at once
 * and the choice is cleared. The helper text states the limit the server enforces.
 */
export function CoverStep({
  cover,
  currentSrc,
  error,
  note,
  enhanced,
  onChoose,
  onRemove,
}: CoverStepProps) {
  const describedBy = ['campaign-image-error', 'campaign-image-hint', 'campaign-image-note']
    .filter((id) => (id.endsWith('error') ? error : id.endsWith('note') ? note : true))
    .join(' ');
  return (
    <div className="space-y-4">
      <div className="flex aspect-video w-full items-center justify-center overflow-hidden rounded-xl border border-dashed border-slate-400 bg-slate-50">
        {cover ? (
          <img
            src={cover.dataUrl}
            alt="Preview of your cover"
            className="h-full w-full object-cover"
          />
        ) : currentSrc ? (
          <img src={currentSrc} alt="Your current cover" className="h-full w-full object-cover" />
        ) : (
          <div className="flex flex-col items-center gap-2 p-4 text-center text-sm text-slate-600">
            <ImageIcon aria-hidden="true" className="h-8 w-8" />
            <p>A clear photo helps people trust and share your campaign.</p>
          </div>
        )}
      </div>
      <div>
        <label htmlFor="campaign-image" className="block text-sm font-semibold text-slate-900">
          Cover photo
        </label>
        <input
          id="campaign-image"
          name="image"
          type="file"
          accept="image/png,image/jpeg"
          // Without JavaScript the file goes with the form; the wizard keeps its own copy.
          required={!enhanced && !currentSrc}
          onChange={onChoose}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-full file:border-0 file:bg-brand-100 file:px-4 file:font-semibold file:text-brand-900 hover:file:bg-brand-200"
        />
        {error ? (
          <p
            id="campaign-image-error"
            role="alert"
            className="mt-1.5 text-sm font-medium text-red-700"
          >
            {error}
          </p>
        ) : null}
        <p id="campaign-image-hint" className="mt-1.5 text-sm text-slate-600">
          PNG or JPEG, not more than {coverSizeText}.
          {currentSrc ? ' Leave this empty to keep the current cover.' : ''}
        </p>
        {note ? (
          <p id="campaign-image-note" className="mt-1.5 text-sm text-slate-700">
            {note}
          </p>
        ) : null}
      </div>
      {cover && enhanced ? (
        <button type="button" onClick={onRemove} className={buttonClass('secondary')}>
          {currentSrc ? 'Keep the current cover' : 'Remove photo'}
        </button>
      ) : null}
    </div>
  );
}
