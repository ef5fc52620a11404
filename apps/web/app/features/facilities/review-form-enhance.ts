import { inlineCall } from '../../lib/inline-call.ts';

/** What the review form's enhancement says; passed in, so the function stays self-contained. */
export interface ReviewFormTexts {
  /** Submit's label while the review is on its way. */
  sending: string;
}

/**
 * Progressive enhancement of the review form (`form[data-review-form]`), sent inline after the
 * form so the facility page needs no JavaScript bundle (docs/decisions/005-static-first-pages.md).
 * Without it the form is plain HTML: the stars and Submit are always shown, and the server asks
 * for a missing rating.
 *
 * With it, the star picker and Submit appear once there is text, Submit waits for a rating (a
 * note says why), and a review is sent once: Submit says "Sending…" until the next page. It
 * reads what is on the screen when it starts, so text typed before it ran counts. The stars are
 * filled by CSS alone (`:has`), with or without it. It must stay self-contained: it is
 * serialised with toString(), so it may not use imports or outer variables.
 */
export function enhanceReviewForm(texts: ReviewFormTexts): void {
  const form = document.querySelector<HTMLFormElement>('form[data-review-form]');
  const holder = form as unknown as Record<string, boolean> | null;
  if (!form || !holder || holder.__ipatientReviewForm) return;
  holder.__ipatientReviewForm = true;
  const content = form.elements.namedItem('content');
  const picker = form.querySelector<HTMLElement>('[data-review-picker]');
  const submit = form.querySelector<HTMLButtonElement>('[data-review-submit]');
  const note = form.querySelector<HTMLElement>('[data-review-needs-rating]');
  const idle = submit?.textContent ?? '';
  let sending = false;

  const update = () => {
    const hasText = content instanceof HTMLTextAreaElement && content.value.trim().length > 0;
    const rated = form.querySelector('input[name="rating"]:checked') !== null;
    if (picker) picker.hidden = !hasText;
    if (submit) {
      submit.hidden = !hasText;
      submit.disabled = sending || !rated;
    }
    if (note) note.hidden = !hasText || rated;
  };

  form.addEventListener('input', update);
  form.addEventListener('change', update);
  form.addEventListener('submit', (event) => {
    if (sending) {
      event.preventDefault();
      return;
    }
    // Only Submit sends the review; 'Log in to submit' leaves for the login page as it is.
    if (!submit || event.submitter !== submit) return;
    sending = true;
    submit.textContent = texts.sending;
    // Disabled after the post has started, so the browser still sends it.
    window.setTimeout(update, 0);
  });
  // Back to this page from the next one (the browser's page cache): ready to send again.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted || !sending) return;
    sending = false;
    if (submit) submit.textContent = idle;
    update();
  });
  update();
}

/** The enhancement as an inline script. */
export function reviewFormScript(texts: ReviewFormTexts): string {
  return inlineCall(enhanceReviewForm, texts);
}
