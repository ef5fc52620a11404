import type { ClipboardEvent, FormEvent, KeyboardEvent } from 'react';
import { useId, useRef } from 'react';

interface CodeInputProps {
  /** Number of boxes (6 for sign-up). */
  length: number;
  /** Each box posts under this name; the action joins them. */
  name: string;
  legend: string;
  error?: string | undefined;
}

/** Letters and digits only, shown upper-case (codes are accepted in any case). */
function clean(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

/**
 * One box per character: typing moves to the next box, Backspace on an empty box goes back, the
 * arrow keys move, and pasting a whole code fills every box. Without JavaScript boxes can do
 * none of that, so the page shows one field for the whole code instead (CSS `.no-js-only`).
 * Both post under `name`; the action joins what was typed, and the empty ones add nothing.
 */
export function CodeInput({ length, name, legend, error }: CodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const errorId = useId();

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `text` into the boxes from `start` on and puts the focus after it. */
  const fill = (start: number, text: string) => {
    const chars = clean(text)
      .slice(0, length - start)
      .split('');
    chars.forEach((char, offset) => {
      const box = boxes.current[start + offset];
      if (box) box.value = char;
    });
    focusBox(start + chars.length);
  };

  const onInput = (index: number, event: FormEvent<HTMLInputElement>) => {
    const box = event.currentTarget;
    const value = clean(box.value);
    if (value.length > 1) {
      // Autofill or a keyboard suggestion put several characters into one box.
      fill(value.length >= length ? 0 : index, value);
      return;
    }
    box.value = value;
    if (value) focusBox(index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const box = event.currentTarget;
    if (event.key === 'Backspace' && box.value === '' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const text = clean(event.clipboardData.getData('text'));
    if (!text) return;
    event.preventDefault();
    fill(text.length >= length ? 0 : index, text);
  };

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <input
        name={name}
        type="text"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        autoComplete="one-time-code"
        maxLength={length + 4}
        aria-label={`${legend}, all ${length} characters`}
        aria-invalid={error ? true : undefined}
        className="no-js-only mt-2 block min-h-14 w-full rounded-xl border border-slate-500 bg-white px-4 text-center text-2xl font-bold tracking-[0.3em] text-slate-900 uppercase aria-[invalid=true]:border-red-700"
      />
      <div className="js-only mt-2 flex gap-2 sm:gap-3">
        {Array.from({ length }, (_, index) => (
          <input
            // The boxes never reorder.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions 1..length
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            name={name}
            type="text"
            inputMode="text"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            maxLength={1}
            pattern="[A-Za-z0-9]"
            aria-label={`Character ${index + 1} of ${length}`}
            aria-invalid={error ? true : undefined}
            onInput={(event) => onInput(index, event)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            // Typing into a filled box replaces its character (a box holds one).
            onFocus={(event) => event.currentTarget.select()}
            onClick={(event) => event.currentTarget.select()}
            className="h-14 w-full min-w-0 rounded-xl border border-slate-500 bg-white text-center text-2xl font-bold text-slate-900 uppercase aria-[invalid=true]:border-red-700 sm:h-16"
          />
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
