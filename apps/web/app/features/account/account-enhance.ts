/**
 * Progressive enhancement of the account forms on pages that send no JavaScript bundle
 * (docs/decisions/005-static-first-pages.md): inline scripts, serialised with toString(), so each
 * function must stay self-contained (no imports, no outer variables).
 */

import { inlineCall } from '../../lib/inline-call.ts';

/** What the place fields' enhancement says. */
export interface PlaceFieldsTexts {
  chooseLga: string;
}

/**
 * State and LGA: the server sends every LGA grouped by state (so the form works as plain HTML);
 * once this runs, the LGA list holds only the chosen state's, is disabled until a state is
 * chosen, and a new state clears the LGA. What was chosen before it ran is kept when it fits.
 */
export function enhancePlaceFields(texts: PlaceFieldsTexts): void {
  for (const holder of document.querySelectorAll<HTMLElement>('[data-place-fields]')) {
    const marked = holder as unknown as Record<string, boolean>;
    if (marked.__ipatientPlaces) continue;
    marked.__ipatientPlaces = true;
    const state = holder.querySelector<HTMLSelectElement>('select[name="state"]');
    const lga = holder.querySelector<HTMLSelectElement>('select[name="lga"]');
    if (!state || !lga) continue;
    const groups = new Map<string, string[]>();
    for (const group of lga.querySelectorAll('optgroup')) {
      groups.set(
        group.label,
        Array.from(group.querySelectorAll('option'), (option) => option.value),
      );
    }
    const fill = (keep: string) => {
      const names = groups.get(state.value) ?? [];
      const placeholder = document.createElement('option');
      placeholder.value = '';
      placeholder.textContent = texts.chooseLga;
      const options = names.map((name) => {
        const option = document.createElement('option');
        option.value = name;
        option.textContent = name;
        return option;
      });
      lga.replaceChildren(placeholder, ...options);
      lga.value = names.includes(keep) ? keep : '';
      lga.disabled = names.length === 0;
    };
    fill(lga.value);
    state.addEventListener('change', () => fill(''));
  }
}

/** What the photo preview says. */
export interface PhotoPreviewTexts {
  notImage: string;
  tooLarge: string;
  previewAlt: string;
  maxBytes: number;
}

/**
 * The profile photo: a chosen image is checked (type, size) for a quick answer and shown in
 * place of the current photo before it is sent. The server checks and re-encodes it anyway.
 */
export function enhancePhotoPreview(texts: PhotoPreviewTexts): void {
  const form = document.querySelector<HTMLFormElement>('form[data-photo-form]');
  const marked = form as unknown as Record<string, boolean> | null;
  if (!form || !marked || marked.__ipatientPhoto) return;
  marked.__ipatientPhoto = true;
  const input = form.querySelector<HTMLInputElement>('input[type="file"]');
  const avatar = form.querySelector<HTMLElement>('[data-photo-avatar]');
  const problem = form.querySelector<HTMLElement>('[data-photo-problem]');
  if (!input || !avatar || !problem) return;
  const original = avatar.innerHTML;
  let url: string | undefined;
  const say = (message: string) => {
    problem.textContent = message;
    problem.hidden = message === '';
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };
  input.addEventListener('change', () => {
    if (url) URL.revokeObjectURL(url);
    url = undefined;
    avatar.innerHTML = original;
    say('');
    const file = input.files?.[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      say(texts.notImage);
      input.value = '';
      return;
    }
    if (file.size > texts.maxBytes) {
      say(texts.tooLarge);
      input.value = '';
      return;
    }
    url = URL.createObjectURL(file);
    const image = document.createElement('img');
    image.src = url;
    image.alt = texts.previewAlt;
    const current = avatar.firstElementChild;
    image.className = current?.getAttribute('class') ?? '';
    image.width = Number(current?.getAttribute('width')) || 96;
    image.height = image.width;
    image.style.objectFit = 'cover';
    avatar.replaceChildren(image);
  });
}

export const placeFieldsScript = (texts: PlaceFieldsTexts) => inlineCall(enhancePlaceFields, texts);
export const photoPreviewScript = (texts: PhotoPreviewTexts) =>
  inlineCall(enhancePhotoPreview, texts);
