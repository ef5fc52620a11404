/**
 * Progressive enhancement of the state and LGA fields on pages that send no JavaScript bundle
 * (docs/decisions/005-static-first-pages.md): an inline script, serialised with toString(), so the
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

export const placeFieldsScript = (texts: PlaceFieldsTexts) => inlineCall(enhancePlaceFields, texts);
