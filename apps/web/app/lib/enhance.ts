/**
 * Progressive enhancement for the server-rendered shell, inlined into <head> (see root.tsx).
 *
 * Everything it improves already works without it: menus are <details>, the cookie choices are
 * plain forms posting to /cookie-consent, the FAQ is an exclusive <details name> group. It adds
 * what HTML alone cannot do: Escape and outside clicks close menus, the cookie Settings button
 * opens a modal <dialog> (focus kept inside, focus returned on close) instead of going to the
 * cookie policy page, consent forms save with fetch() so the banner turns into a confirmation
 * without a page load, toasts get a Close button, error summaries lead to the fields the form
 * really has, and an element a redirect points at (`#id` with data-focus-on-arrival) takes the
 * focus, like the Like button after a like.
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
    // A toast's Close button hides it at once.
    const toastClose = target.closest('[data-toast-close]');
    if (toastClose) {
      const toast = toastClose.closest<HTMLElement>('[data-toast]');
      if (toast) toast.hidden = true;
      focusMain();
      return;
    }
    // The cookie banner's confirmation closes for good (the choice is already saved).
    if (target.closest('[data-banner-close]')) {
      const banner = target.closest<HTMLElement>('[data-cookie-banner]');
      if (banner) banner.hidden = true;
      focusMain();
      return;
    }
    // An error summary's link leads to the field of that name when no element has the id.
    const fieldLink = target.closest<HTMLAnchorElement>('[data-error-summary] a[data-field]');
    if (fieldLink && !doc.getElementById(fieldLink.hash.slice(1))) {
      const form = fieldLink.closest('form');
      const name = fieldLink.getAttribute('data-field') ?? '';
      const named = form?.elements.namedItem(name) ?? doc.getElementsByName(name)[0];
      const field = named instanceof RadioNodeList ? named[0] : named;
      if (field instanceof HTMLElement) {
        event.preventDefault();
        field.focus();
      }
    }
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
        const dialog = form.closest('dialog');
        const bannerStatus = banner?.contains(form)
          ? banner.querySelector('[data-banner-status]')
          : null;
        if (banner && bannerStatus) {
          // The banner shrinks to the confirmation, which stays until it is closed.
          bannerStatus.textContent = `${message} You can change them at any time on the cookie policy page.`;
          banner.setAttribute('data-saved', '');
          const close = banner.querySelector<HTMLElement>('[data-banner-close]');
          if (dialog?.open) {
            dialogOpener = close;
            dialog.close();
          } else if (focusWasInBanner) close?.focus();
          return;
        }
        const formStatus = form.querySelector('[data-form-status]');
        if (formStatus) formStatus.textContent = message;
        else {
          const status = doc.querySelector('[data-consent-status]');
          if (status) status.textContent = message;
        }
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
    // The fixed cookie banner's real height keeps the page end, focused elements and toasts
    // clear of it (app.css uses --cookie-banner-height).
    const cookieBanner = doc.querySelector<HTMLElement>('[data-cookie-banner]');
    if (cookieBanner && typeof ResizeObserver === 'function') {
      const measure = () => {
        const fixed =
          cookieBanner.isConnected &&
          !cookieBanner.hidden &&
          getComputedStyle(cookieBanner).position === 'fixed';
        doc.documentElement.style.setProperty(
          '--cookie-banner-height',
          fixed ? `${cookieBanner.offsetHeight}px` : '0px',
        );
      };
      new ResizeObserver(measure).observe(cookieBanner);
      window.addEventListener('resize', measure);
      measure();
    }

    // A redirect that points at an element made for it (the Like button) gives it the focus.
    const arrival = location.hash
      ? doc.getElementById(decodeURIComponent(location.hash.slice(1)))
      : null;
    if (arrival?.hasAttribute('data-focus-on-arrival')) arrival.focus();

    // On pages without React, error summaries name and link the fields as the form has them.
    if (!('__reactRouterContext' in window)) {
      for (const link of doc.querySelectorAll<HTMLAnchorElement>(
        '[data-error-summary] a[data-field]',
      )) {
        const name = link.getAttribute('data-field') ?? '';
        const named =
          link.closest('form')?.elements.namedItem(name) ?? doc.getElementsByName(name)[0];
        const field = named instanceof RadioNodeList ? named[0] : named;
        if (!(field instanceof HTMLElement) || !field.id) continue;
        link.href = `#${field.id}`;
        const labels = 'labels' in field ? (field.labels as NodeListOf<HTMLLabelElement>) : null;
        const text = labels?.[0]?.textContent?.replace(/\s+/g, ' ').trim();
        if (text) link.textContent = text;
      }
    }

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
