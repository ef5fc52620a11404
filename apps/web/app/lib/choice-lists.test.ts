import { genders } from '@ipatient/contracts/constants';
import { states } from '@ipatient/contracts/reference';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  choosePrompts,
  genderLabels,
  genderOptions,
  lgaOptions,
  stateOptions,
} from './choice-lists.ts';

/** A select's options as React writes them from elements, with `defaultValue` chosen. */
function asReactWritesIt(defaultValue: string, options: ReactNode[]): string {
  const html = renderToStaticMarkup(h('select', { defaultValue }, ...options));
  return html.slice('<select>'.length, -'</select>'.length);
}

const lgaElements = [
  h('option', { key: '', value: '' }, choosePrompts.lga),
  ...states.map((state) =>
    h(
      'optgroup',
      { key: state.alias, label: state.name },
      state.lgas.map((lga) => h('option', { key: lga, value: lga }, lga)),
    ),
  ),
];
const stateElements = [
  h('option', { key: '', value: '' }, choosePrompts.state),
  ...states.map((state) => h('option', { key: state.alias, value: state.name }, state.name)),
];
const genderElements = [
  h('option', { key: '', value: '' }, choosePrompts.gender),
  ...genders.map((gender) => h('option', { key: gender, value: gender }, genderLabels[gender])),
];

describe('choice lists', () => {
  it('write the LGA list grouped by state exactly as React would, with the chosen LGA selected', () => {
    const shared = states.flatMap((s) => s.lgas).find((lga, i, all) => all.indexOf(lga) !== i);
    const withMark = states.flatMap((s) => s.lgas).find((lga) => /[^A-Za-z -]/.test(lga));
    const picks = ['', 'Ikeja', 'Not an LGA', shared, withMark].filter(
      (pick): pick is string => pick !== undefined,
    );
    expect(picks.length).toBeGreaterThanOrEqual(4);
    for (const pick of picks) expect(lgaOptions(pick)).toBe(asReactWritesIt(pick, lgaElements));
    expect(lgaOptions(null)).toBe(asReactWritesIt('', lgaElements));
  });

  it('write the state and gender lists as React would', () => {
    for (const pick of ['', 'Lagos', 'Federal Capital Territory', 'Atlantis']) {
      expect(stateOptions(pick)).toBe(asReactWritesIt(pick, stateElements));
    }
    for (const pick of ['', ...genders, 'unknown']) {
      expect(genderOptions(pick)).toBe(asReactWritesIt(pick, genderElements));
    }
    expect(stateOptions('Lagos')).toContain('<option value="Lagos" selected="">Lagos</option>');
  });

  it("stand as a reader's mark alone in a shared rendering, and never for other text", () => {
    const mark = `pm${'0a'.repeat(12)}007x`;
    expect(genderOptions(mark)).toBe(mark);
    expect(stateOptions(mark)).toBe(mark);
    expect(lgaOptions(mark)).toBe(mark);
    // Text near the shape is a value like any other: escaped, and nothing chosen.
    for (const text of [
      `${mark} `,
      `<b>${mark}</b>`,
      mark.toUpperCase(),
      `pm${'0a'.repeat(12)}07x`,
    ]) {
      expect(stateOptions(text)).toBe(asReactWritesIt(text, stateElements));
    }
  });
});
