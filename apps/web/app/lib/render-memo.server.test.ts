import zlib from 'node:zlib';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { genderOptions, lgaOptions } from './choice-lists.ts';
import { escapeHtml } from './escape-html.ts';
import {
  createRenderMemo,
  cutAtMarks,
  fillMarks,
  gzipMarks,
  markPersonalValues,
  NONCE_MARK,
  RENDER_KEPT_MS,
  RENDER_TTL_MS,
  renderingKey,
} from './render-memo.server.ts';

const loaderData = (firstName: string, csrf: string, extra: object = {}) => ({
  root: { csrf, user: { firstName, lastName: 'Okafor', image: null, initial: firstName[0] } },
  'routes/home': { campaigns: [{ title: 'Surgery for Musa' }], ...extra },
});

/** A rendering as a component would write the marked data: text, attributes, a nonce. */
function render(data: ReturnType<typeof markPersonalValues>['data']) {
  const root = data.root as { csrf: string; user: { firstName: string; lastName: string } };
  return renderToStaticMarkup(
    createElement(
      'div',
      null,
      createElement(
        'p',
        { title: root.user.firstName },
        `${root.user.firstName} ${root.user.lastName}`,
      ),
      createElement('input', { name: 'csrf', value: root.csrf, readOnly: true }),
      createElement('script', { nonce: NONCE_MARK }, 'enhance()'),
    ),
  );
}

describe('markPersonalValues and renderingKey', () => {
  it('gives two readers of the same page one key, and another page or data another', () => {
    const ada = markPersonalValues(loaderData('Ada', 'token-a'));
    const bola = markPersonalValues(loaderData('Bola', 'token-b'));
    expect(ada.values).toEqual(['token-a', 'Ada', 'Okafor', 'A']);
    expect(bola.values).toEqual(['token-b', 'Bola', 'Okafor', 'B']);
    const key = renderingKey('http://site/', 200, ada.data);
    expect(renderingKey('http://site/', 200, bola.data)).toBe(key);
    expect(renderingKey('http://site/?page=2', 200, bola.data)).not.toBe(key);
    // Anything else of the reader's (a like, a message) keeps their page apart.
    const liked = markPersonalValues(loaderData('Bola', 'token-b', { liked: true }));
    expect(renderingKey('http://site/', 200, liked.data)).not.toBe(key);
    // The data itself is left as it was.
    expect(loaderData('Ada', 'token-a').root.user.firstName).toBe('Ada');
  });

  it('shares nothing that JSON would not tell apart', () => {
    const { data } = markPersonalValues({ ...loaderData('Ada', 't'), other: new Map([[1, 2]]) });
    expect(renderingKey('http://site/', 200, data)).toBeUndefined();
    const a = markPersonalValues({ ...loaderData('Ada', 't'), other: { x: undefined } });
    const b = markPersonalValues({ ...loaderData('Ada', 't'), other: {} });
    expect(renderingKey('http://site/', 200, a.data)).not.toBe(
      renderingKey('http://site/', 200, b.data),
    );
  });
});

describe('cutAtMarks and fillMarks', () => {
  it('fills each reader’s own values, escaped exactly as React escapes them', () => {
    const tricky = `O'Neil <b>&"x"`;
    const mine = markPersonalValues(loaderData(tricky, 'token-1'));
    const cut = cutAtMarks(render(mine.data), mine.values.length);
    if (!cut) throw new Error('not cut');
    const filled = fillMarks(cut, mine.values, 'nonce-1', mine.places).toString();
    const direct = renderToStaticMarkup(
      createElement(
        'div',
        null,
        createElement('p', { title: tricky }, `${tricky} Okafor`),
        createElement('input', { name: 'csrf', value: 'token-1', readOnly: true }),
        createElement('script', { nonce: 'nonce-1' }, 'enhance()'),
      ),
    );
    expect(filled).toBe(direct);
    // The same rendering serves the next reader with theirs.
    const theirs = markPersonalValues(loaderData('Bola', 'token-2'));
    const next = fillMarks(cut, theirs.values, 'nonce-2', theirs.places).toString();
    expect(next).toContain('Bola Okafor');
    expect(next).toContain('value="token-2"');
    expect(next).not.toMatch(/Neil|token-1|nonce-1/);
    expect(escapeHtml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&#x27;');
  });

  it('refuses a rendering where a value sits in a script or was changed by a component', () => {
    const { data, values } = markPersonalValues(loaderData('Ada', 'token'));
    const root = data.root as { user: { firstName: string } };
    const inScript = `<div></div><script type="application/json">{"name":"${root.user.firstName}"}</script>`;
    expect(cutAtMarks(inScript, values.length)).toBeUndefined();
    const shortened = `<p>${root.user.firstName.slice(0, 14)}</p>`;
    expect(cutAtMarks(shortened, values.length)).toBeUndefined();
    const upper = `<p>${root.user.firstName.toUpperCase()}</p>`;
    expect(cutAtMarks(upper, values.length)).toBeUndefined();
    expect(cutAtMarks(`<p>${root.user.firstName}</p>`, values.length)).toBeDefined();
  });
});

describe('choice places', () => {
  /** The account page's gender and LGA selects as the components write them. */
  const renderAccount = (data: Record<string, unknown>) => {
    const user = (data['routes/account'] as { user: { gender: string; lga: string } }).user;
    return renderToStaticMarkup(
      createElement(
        'form',
        null,
        createElement('select', {
          name: 'gender',
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own list, escaped
          dangerouslySetInnerHTML: { __html: genderOptions(user.gender) },
        }),
        createElement('select', {
          name: 'lga',
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own list, escaped
          dangerouslySetInnerHTML: { __html: lgaOptions(user.lga) },
        }),
      ),
    );
  };
  const accountData = (gender: string, lga: string) => ({
    'routes/account': { user: { gender, lga } },
  });

  it("fill a select with its whole list, the reader's choice selected, compressed once", () => {
    const first = markPersonalValues(accountData('female', 'Ikeja'));
    expect(first.places).toEqual(['routes/account:user.gender', 'routes/account:user.lga']);
    const cut = cutAtMarks(renderAccount(first.data), first.values.length);
    if (!cut) throw new Error('not cut');
    // The shared rendering holds neither list: each is one place.
    expect(Buffer.concat(cut.pieces).toString()).toBe(
      '<form><select name="gender"></select><select name="lga"></select></form>',
    );
    const memo = createRenderMemo({ now: () => 1_000 });
    memo.offer('account', cut);
    const kept = memo.get('account');
    if (!kept) throw new Error('not kept');
    for (const [gender, lga] of [
      ['female', 'Ikeja'],
      ['male', 'Kosofe'],
      ['other', 'Not an LGA'],
      // In two states: chosen in both, whichever parts of the list they fall in.
      ['female', 'Irepodun'],
    ] as const) {
      const reader = markPersonalValues(accountData(gender, lga));
      const direct = renderAccount(accountData(gender, lga));
      expect(fillMarks(kept, reader.values, undefined, reader.places).toString()).toBe(direct);
      const gzipped = gzipMarks(kept, reader.values, undefined, reader.places);
      expect(zlib.gunzipSync(gzipped ?? Buffer.alloc(0)).toString()).toBe(direct);
      // The 46 KB LGA list travels compressed, not stored as it is.
      expect(gzipped?.length).toBeLessThan(direct.length / 4);
      // The next reader of the same choices is given the lists as compressed the first time.
      expect(
        gzipMarks(kept, reader.values, undefined, reader.places)?.equals(
          gzipped ?? Buffer.alloc(0),
        ),
      ).toBe(true);
    }
    // A value at a text place is text, even one that names a list's option.
    const asText = markPersonalValues({ root: { user: { firstName: 'Ikeja' } } });
    const textMark = (asText.data.root as { user: { firstName: string } }).user.firstName;
    const textCut = cutAtMarks(`<p>${textMark}</p>`, 1);
    if (!textCut) throw new Error('not cut');
    expect(fillMarks(textCut, ['<Ikeja>'], undefined, asText.places).toString()).toBe(
      '<p>&lt;Ikeja&gt;</p>',
    );
  });
});

describe('createRenderMemo', () => {
  it('keeps a rendering once a second reader asks for it, for the lifetime only', () => {
    let now = 1_000;
    const memo = createRenderMemo({ now: () => now });
    const rendering = { pieces: [Buffer.from('<p>'), Buffer.from('</p>')], slots: [0] };
    memo.offer('key', rendering);
    // The second reader is given the first one's rendering: the page is not rendered again.
    const kept = memo.get('key');
    expect(kept).toMatchObject(rendering);
    // Kept with its pieces compressed once, for the gzip answers; the same page either way.
    if (!kept) throw new Error('not kept');
    expect(
      zlib
        .gunzipSync(
          gzipMarks(kept, ['Ada & Bo'], 'n0nce', ['root:user.firstName']) ?? Buffer.alloc(0),
        )
        .toString(),
    ).toBe(fillMarks(kept, ['Ada & Bo'], 'n0nce', ['root:user.firstName']).toString());
    expect(fillMarks(kept, ['Ada & Bo'], 'n0nce', ['root:user.firstName']).toString()).toBe(
      '<p>Ada &amp; Bo</p>',
    );
    now += RENDER_TTL_MS + 1;
    expect(memo.get('key')).toBeUndefined();
    // Asked for once long ago is not asked for again.
    memo.offer('other', rendering);
    now += RENDER_TTL_MS + 1;
    expect(memo.get('other')).toBeUndefined();
    memo.offer('other', rendering);
    now += 1;
    expect(memo.get('other')).toMatchObject(rendering);
  });

  it('keeps an ended rendering as long again, for a member page being made anew only', () => {
    let now = 1_000;
    const memo = createRenderMemo({ now: () => now });
    const rendering = { pieces: [Buffer.from('<p>'), Buffer.from('</p>')], slots: [0] };
    memo.offer('key', rendering);
    expect(memo.get('key')).toMatchObject(rendering);
    now += RENDER_TTL_MS + 1;
    // Past its lifetime: not given to a page being rendered, given while one is made anew.
    expect(memo.get('key')).toBeUndefined();
    expect(memo.ended('key')).toMatchObject(rendering);
    // Made again: kept at once (it was asked for), and its lifetime starts anew.
    const again = { pieces: [Buffer.from('<b>'), Buffer.from('</b>')], slots: [0] };
    memo.offer('key', again);
    expect(memo.get('key')).toMatchObject(again);
    now += RENDER_KEPT_MS + 1;
    expect(memo.get('key')).toBeUndefined();
    expect(memo.ended('key')).toBeUndefined();
  });

  it('holds renderings asked for once within a small bound, the least recently used going first', () => {
    const memo = createRenderMemo({ now: () => 1_000 });
    // 100 renderings of 100 KB: more than the bound of renderings asked for once (4 MB).
    const big = (i: number) => ({ pieces: [Buffer.alloc(100 * 1024, i % 250)], slots: [] });
    for (let i = 0; i < 100; i++) memo.offer(`page${i}`, big(i));
    expect(memo.get('page0')).toBeUndefined();
    expect(memo.get('page99')?.pieces[0]?.[0]).toBe(99);
  });
});
