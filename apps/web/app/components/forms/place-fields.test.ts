import { states } from '@ipatient/contracts/reference';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { everyLgaOptions } from './place-fields.tsx';

/** The LGA list as React writes it from elements, with `defaultValue` chosen. */
function asReactWritesIt(defaultValue: string): string {
  const html = renderToStaticMarkup(
    h(
      'select',
      { defaultValue },
      h('option', { value: '' }, 'Select your LGA'),
      ...states.map((state) =>
        h(
          'optgroup',
          { key: state.alias, label: state.name },
          state.lgas.map((lga) => h('option', { key: lga, value: lga }, lga)),
        ),
      ),
    ),
  );
  return html.slice('<select>'.length, -'</select>'.length);
}

describe('everyLgaOptions', () => {
  it('writes the grouped LGA list exactly as React would, with the chosen LGA selected', () => {
    const shared = states.flatMap((s) => s.lgas).find((lga, i, all) => all.indexOf(lga) !== i);
    const withMark = states.flatMap((s) => s.lgas).find((lga) => /[^A-Za-z -]/.test(lga));
    const picks = ['', 'Ikeja', 'Not an LGA', shared, withMark].filter(
      (pick): pick is string => pick !== undefined,
    );
    expect(picks.length).toBeGreaterThanOrEqual(4);
    for (const pick of picks) expect(everyLgaOptions(pick)).toBe(asReactWritesIt(pick));
  });
});
