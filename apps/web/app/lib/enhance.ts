/**
 * Progressive enhancement for the server-rendered shell, inlined into <head> (see root.tsx).
 *
 * Everything it improves already works without it: menus are <details>, the cookie choices are
 * plain forms posting to /cookie-consent, the FAQ is an exclusive <details name> group. It adds
 * what HTML alone cannot do: Escape and outside clicks close menus, the cookie Settings button
 * opens a modal <dialog> (focus kept inside, focus returned on close) instead of going to the
 * cookie policy page, and consent forms save with fetch() so the banner hides without a page load.
 *
 * Listeners sit on `document` only and are attached before the body is parsed, so they work from
 * the first paint, on pages that hydrate React and on pages that do not. The function must stay
 * self-contained: it is serialised with toString(), so it may not use imports or outer variables.
 */
function enhanceDocument(): void {
  const doc = document;
  // Scripts run: show the parts of forms made for them (CSS `.js-only` / `.no-js-only`).
  doc.documentElement.classList.add('js');
  const openMenus = () => doc.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]');
  const focusMain = () => doc.getElementById('main-content')?.focus({ preventScroll: true });
  const isShown = (element: Element | null): element is HTMLElement =>
    element instanceof HTMLElement && element.isConnected && element.getClientRects().length > 0;
  let dialogOpener: HTMLElement | null = null;

  doc.addEventListener('keydown', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.key === 'Escape') {
      // The innermost open menu around the focus closes and its toggle takes the focus back.
      const menu = target?.closest<HTMLDetailsElement>('details[data-menu][open]');
      if (menu) {
        menu.open = false;
        menu.querySelector('summary')?.focus();
        return;
      }
      for (const open of openMenus()) open.open = false;
      return;
    }
    if (event.key !== 'Tab') return;
    // Keep Tab and Shift+Tab inside an open modal dialog.
    const dialog = doc.querySelector<HTMLDialogElement>('dialog[open]');
    if (!dialog) return;
    const focusable = Array.from(
      dialog.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
      ),
    ).filter(isShown);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = doc.activeElement;
    if (event.shiftKey && (active === first || !dialog.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  });

  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    // A click outside a menu closes it; so does following one of its links.
    for (const menu of openMenus()) {
      if (!menu.contains(target) || target.closest('a[href]')) menu.open = false;
    }
    const opener = target.closest<HTMLElement>('[data-dialog-open]');
    if (opener) {
      const dialog = doc.getElementById(opener.getAttribute('data-dialog-open') ?? '');
      if (dialog instanceof HTMLDialogElement && typeof dialog.showModal === 'function') {
        // Without this script the button submits and the server sends the visitor to the page
        // that has the same settings form.
        event.preventDefault();
        dialogOpener = opener;
        dialog.showModal();
      }
      return;
    }
    if (target.closest('[data-dialog-close]')) target.closest('dialog')?.close();
  });

  // Focus leaving a menu (Tab past its last link) closes it.
  doc.addEventListener('focusout', (event) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !(event.target instanceof Node)) return;
    for (const menu of openMenus()) {
      if (menu.contains(event.target) && !menu.contains(next)) menu.open = false;
    }
  });

  // `close` does not bubble: listen in the capture phase. Focus goes back to what opened it.
  doc.addEventListener(
    'close',
    (event) => {
      if (!(event.target instanceof HTMLDialogElement)) return;
      if (isShown(dialogOpener)) dialogOpener.focus();
      else focusMain();
      dialogOpener = null;
    },
    true,
  );

  // Exclusive accordions (<details name="...">) for browsers that predate the attribute.
  if (!('name' in HTMLDetailsElement.prototype)) {
    doc.addEventListener(
      'toggle',
      (event) => {
        const details = event.target;
        const name = details instanceof HTMLDetailsElement ? details.getAttribute('name') : null;
        if (!details || !name || !(details instanceof HTMLDetailsElement) || !details.open) return;
        for (const other of doc.querySelectorAll<HTMLDetailsElement>('details[name]')) {
          if (other !== details && other.getAttribute('name') === name) other.open = false;
        }
      },
      true,
    );
  }

  // A form sent from a menu (the user menu's Logout) closes it, like following a link does.
  doc.addEventListener('submit', (event) => {
    if (!(event.target instanceof Element)) return;
    for (const menu of openMenus()) if (menu.contains(event.target)) menu.open = false;
  });

  // Consent forms save in the background; the server answers JSON instead of redirecting.
  doc.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-consent-form')) return;
    if (event.defaultPrevented) return;
    event.preventDefault();
    const submitter =
      event.submitter instanceof HTMLButtonElement ? event.submitter : doc.activeElement;
    const body = new FormData(form);
    if (submitter instanceof HTMLButtonElement && submitter.name && form.contains(submitter)) {
      body.append(submitter.name, submitter.value);
    }
    const banner = doc.querySelector<HTMLElement>('[data-cookie-banner]');
    const focusWasInBanner = !!banner?.contains(doc.activeElement);
    fetch(form.action, {
      method: 'POST',
      body,
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    })
      .then((response) => {
        if (!response.ok) throw new Error(`Consent not saved: ${response.status}`);
        const message = 'Your cookie choices have been saved.';
        const formStatus = form.querySelector('[data-form-status]');
        if (formStatus) formStatus.textContent = message;
        else {
          const status = doc.querySelector('[data-consent-status]');
          if (status) status.textContent = message;
        }
        const dialog = form.closest('dialog');
        if (dialog?.open) dialog.close();
        if (banner) {
          banner.hidden = true;
          if (focusWasInBanner && !dialog) focusMain();
        }
      })
      .catch(() => {
        // Fall back to the plain form post, which redirects back with the cookie set.
        form.removeAttribute('data-consent-form');
        if (submitter instanceof HTMLButtonElement && submitter.name) {
          const field = doc.createElement('input');
          field.type = 'hidden';
          field.name = submitter.name;
          field.value = submitter.value;
          form.append(field);
        }
        form.submit();
      });
  });

  // A form that came back refused in a dialog (the donate form) opens again as it was left,
  // with the focus on its first field to correct, instead of closing on the person.
  doc.addEventListener('DOMContentLoaded', () => {
    const dialog = doc.querySelector<HTMLDialogElement>('dialog[data-open-on-load]');
    if (!dialog || typeof dialog.showModal !== 'function') return;
    dialogOpener = doc.querySelector<HTMLElement>(`[data-dialog-open="${dialog.id}"]`);
    dialog.showModal();
    const invalid = dialog.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? dialog.querySelector<HTMLElement>('[role="alert"]'))?.focus();
  });
}

/** The enhancement as an inline script (a few hundred bytes gzipped). */
export const enhanceScript = `(${enhanceDocument.toString()})();`;
