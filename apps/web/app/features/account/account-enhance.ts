/**
 * Progressive enhancement of the account's photo form on pages that send no JavaScript bundle
 * (docs/decisions/005-static-first-pages.md): an inline script, serialised with toString(), so the
 * function must stay self-contained (no imports, no outer variables). The state and LGA fields
 * have theirs next to them (components/forms/place-fields-enhance.ts).
 */

import { inlineCall } from '../../lib/inline-call.ts';

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

export const photoPreviewScript = (texts: PhotoPreviewTexts) =>
  inlineCall(enhancePhotoPreview, texts);
