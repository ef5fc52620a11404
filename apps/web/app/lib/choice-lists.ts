import { genders } from '@ipatient/contracts/constants';
import { states } from '@ipatient/contracts/reference';
import { escapeHtml } from './escape-html.ts';

/**
 * The option lists of the selects a member's details fill (gender, state, LGA), as HTML made
 * once and written as React writes a select's options, with `selected` on the chosen one.
 *
 * Written as HTML rather than as elements for two reasons: 774 LGA options rendered per page
 * cost more than one string, and a shared rendering (lib/render-memo.server.ts) can leave the
 * whole list as one place to fill: given a reader's mark instead of a value, a list is that
 * mark alone, and the reader's own list goes there when the page is filled in.
 */

/**
 * A reader's mark (render-memo.server.ts): letters and digits of one shape, which no gender,
 * state or LGA has. Anything of this shape is written as it is, which is safe in HTML.
 */
const MARK_SHAPE = /^pm[0-9a-f]{24}\d{3}x$/;

export const genderLabels: Record<(typeof genders)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
};

export const choosePrompts = {
  gender: 'Select your gender',
  state: 'Select your state',
  lga: 'Select your LGA',
} as const;

const option = (value: string, label: string) =>
  `<option value="${escapeHtml(value)}">${escapeHtml(label)}</option>`;

/**
 * `list` with the options of value `selected` chosen (each, when a list has it twice; the
 * prompt, of value '', when nothing is chosen, as React does). Any part of a list cut before an
 * option is chosen in alike: the chosen list is its parts chosen in, one after another.
 */
export function choose(list: string, selected: string): string {
  const value = `<option value="${escapeHtml(selected)}">`;
  return list.replaceAll(value, `<option value="${escapeHtml(selected)}" selected="">`);
}

/** A select's option list: as made once with nothing chosen, and with a reader's choice. */
export interface ChoiceList {
  unchosen(): string;
  /** The list with `selected` chosen, or the reader's mark standing for it (a shared rendering). */
  options(selected: string | null | undefined): string;
}

function choiceList(make: () => string): ChoiceList {
  let made: string | undefined;
  const unchosen = () => {
    made ??= make();
    return made;
  };
  return {
    unchosen,
    options(selected) {
      const chosen = selected ?? '';
      if (MARK_SHAPE.test(chosen)) return chosen;
      return choose(unchosen(), chosen);
    },
  };
}

export const choiceLists = {
  gender: choiceList(
    () =>
      option('', choosePrompts.gender) +
      genders.map((gender) => option(gender, genderLabels[gender])).join(''),
  ),
  state: choiceList(
    () =>
      option('', choosePrompts.state) +
      states.map((state) => option(state.name, state.name)).join(''),
  ),
  /** Every LGA grouped by state: the LGA list before JavaScript narrows it to the chosen state's. */
  lga: choiceList(
    () =>
      `${option('', choosePrompts.lga)}${states
        .map(
          (state) =>
            `<optgroup label="${escapeHtml(state.name)}">${state.lgas
              .map((lga) => option(lga, lga))
              .join('')}</optgroup>`,
        )
        .join('')}`,
  ),
} satisfies Record<string, ChoiceList>;

export const genderOptions = (selected: string | null | undefined) =>
  choiceLists.gender.options(selected);
export const stateOptions = (selected: string | null | undefined) =>
  choiceLists.state.options(selected);
export const lgaOptions = (selected: string | null | undefined) =>
  choiceLists.lga.options(selected);
