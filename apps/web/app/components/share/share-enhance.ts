import { inlineCall } from '../../lib/inline-call.ts';

/** What the share enhancement needs to know; passed in, so the function stays self-contained. */
export interface ShareOptions {
  /** How long "Copied!" shows after a copy. */
  confirmMs: number;
  /** The alert when the browser cannot share after all. */
  unsupported: string;
}

/**
 * Progressive enhancement of the share widgets (`[data-share-widget]`), sent inline after the
 * widget so it works on pages that load no JavaScript bundle (ADR 005). Without it the widget
 * still offers its WhatsApp, X and Facebook links.
 *
 * It reveals the Share button where the browser has the Web Share API and the Copy link button
 * where it does not, and handles both. It must stay self-contained: it is serialised with
 * toString(), so it may not use imports or outer variables.
 */
export function enhanceShareWidgets(options: ShareOptions): void {
  const doc = document;
  const canShare = typeof navigator.share === 'function';
  for (const widget of doc.querySelectorAll<HTMLElement>('[data-share-widget]')) {
    const native = widget.querySelector<HTMLElement>('[data-share-native]');
    const copy = widget.querySelector<HTMLElement>('[data-share-copy]');
    if (native) native.hidden = !canShare;
    if (copy) copy.hidden = canShare;
  }
  const flag = '__ipatientShare';
  const holder = window as unknown as Record<string, boolean>;
  if (holder[flag]) return;
  holder[flag] = true;

  const say = (widget: Element, message: string) => {
    const status = widget.querySelector('[data-share-status]');
    if (!status) return;
    status.textContent = message;
    window.setTimeout(() => {
      if (status.textContent === message) status.textContent = '';
    }, options.confirmMs);
  };

  const copyText = (text: string): Promise<void> => {
    if (navigator.clipboard && typeof navigator.clipboard.writeText === 'function') {
      return navigator.clipboard.writeText(text);
    }
    // Older browsers: copy from a temporary, off-screen text field.
    return new Promise((resolve, reject) => {
      const field = doc.createElement('textarea');
      field.value = text;
      field.setAttribute('readonly', '');
      field.style.position = 'fixed';
      field.style.opacity = '0';
      doc.body.append(field);
      field.select();
      const copied = doc.execCommand('copy');
      field.remove();
      if (copied) resolve();
      else reject(new Error('copy refused'));
    });
  };

  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>('[data-share-native], [data-share-copy]');
    const widget = button?.closest<HTMLElement>('[data-share-widget]');
    if (!button || !widget) return;
    const url = widget.getAttribute('data-share-url') ?? location.href;
    const title = widget.getAttribute('data-share-title') ?? doc.title;
    const text = widget.getAttribute('data-share-text') ?? '';

    if (button.hasAttribute('data-share-native')) {
      const showCopy = () => {
        const copy = widget.querySelector<HTMLElement>('[data-share-copy]');
        if (copy) copy.hidden = false;
      };
      if (typeof navigator.share !== 'function') {
        window.alert(options.unsupported);
        showCopy();
        return;
      }
      navigator.share({ title, text, url }).catch((error: unknown) => {
        // Closing the share sheet is a choice, not a failure.
        if (error instanceof Error && error.name === 'AbortError') return;
        window.alert(options.unsupported);
        showCopy();
      });
      return;
    }

    const label = button.querySelector('[data-share-copy-label]');
    copyText(url)
      .then(() => {
        if (label) label.textContent = 'Copied!';
        say(widget, 'Link copied to the clipboard.');
        window.setTimeout(() => {
          if (label) label.textContent = 'Copy link';
        }, options.confirmMs);
      })
      .catch(() => say(widget, `Copy this link: ${url}`));
  });
}

/** The enhancement as an inline script. */
export function shareScript(options: ShareOptions): string {
  return inlineCall(enhanceShareWidgets, options);
}
