import { inlineCall } from '../../lib/inline-call.ts';

/** What the copy-link enhancement needs; passed in, so the function stays self-contained. */
export interface CopyLinkOptions {
  /** How long "Copied!" shows after a copy. */
  confirmMs: number;
}

/**
 * Progressive enhancement of the copy-link boxes (`[data-copy-link]`), sent inline after the box
 * so it works on pages that load no JavaScript bundle (ADR 005). Without it the box still shows
 * the link in a read-only field to copy by hand.
 *
 * It reveals the Copy link button; a click copies the link, shows "Copied!" on the button for
 * `confirmMs` and announces it in the box's live region. It must stay self-contained: it is
 * serialised with toString(), so it may not use imports or outer variables.
 */
export function enhanceCopyLinks(options: CopyLinkOptions): void {
  const doc = document;
  for (const box of doc.querySelectorAll<HTMLElement>('[data-copy-link]')) {
    const button = box.querySelector<HTMLElement>('[data-copy-link-button]');
    if (button) button.hidden = false;
  }
  const flag = '__ipatientCopyLink';
  const holder = window as unknown as Record<string, boolean>;
  if (holder[flag]) return;
  holder[flag] = true;

  const timers = new WeakMap<Element, number>();

  const copyText = (text: string, field: HTMLInputElement | null): Promise<void> => {
    if (navigator.clipboard && typeof navigator.clipboard.writeText === 'function') {
      return navigator.clipboard.writeText(text);
    }
    // Older browsers: copy from the read-only field itself.
    return new Promise((resolve, reject) => {
      if (!field) {
        reject(new Error('no field'));
        return;
      }
      field.select();
      if (doc.execCommand('copy')) resolve();
      else reject(new Error('copy refused'));
    });
  };

  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>('[data-copy-link-button]');
    const box = button?.closest<HTMLElement>('[data-copy-link]');
    if (!button || !box) return;
    const field = box.querySelector<HTMLInputElement>('[data-copy-link-field]');
    const label = button.querySelector('[data-copy-link-label]');
    const status = box.querySelector('[data-copy-link-status]');
    const url = box.getAttribute('data-copy-link') || location.href;
    const idle = label?.getAttribute('data-idle') ?? 'Copy link';
    copyText(url, field)
      .then(() => {
        if (label) label.textContent = 'Copied!';
        if (status) status.textContent = 'Link copied to the clipboard.';
        window.clearTimeout(timers.get(box));
        timers.set(
          box,
          window.setTimeout(() => {
            if (label) label.textContent = idle;
            if (status) status.textContent = '';
          }, options.confirmMs),
        );
      })
      .catch(() => {
        field?.focus();
        field?.select();
        if (status)
          status.textContent = 'Copying is blocked here: the link is selected, copy it by hand.';
      });
  });
}

/** The enhancement as an inline script. */
export function copyLinkScript(options: CopyLinkOptions): string {
  return inlineCall(enhanceCopyLinks, options);
}
