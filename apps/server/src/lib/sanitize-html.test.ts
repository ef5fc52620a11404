import fc from 'fast-check';
import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import {
  countWords,
  excerptOf,
  htmlToText,
  isAllowedEmbed,
  sanitizeRichText,
} from './sanitize-html.ts';

interface ParsedTag {
  tag: string;
  attribs: Record<string, string>;
}

/**
 * Every tag of an HTML string as a browser-grade parser (sanitize-html's htmlparser2) reads it,
 * attribute values with their entities decoded.
 */
function parseTags(html: string): ParsedTag[] {
  const tags: ParsedTag[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      '*': (tag, attribs) => {
        tags.push({ tag, attribs: { ...attribs } });
        return { tagName: tag, attribs };
      },
    },
  });
  return tags;
}

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'cite', 'poster'];

/** The safety rules stored HTML must meet, whatever came in. */
function assertSafe(output: string): void {
  expect(output.toLowerCase()).not.toContain('<script');
  for (const { tag, attribs } of parseTags(output)) {
    expect(['script', 'style', 'svg', 'math', 'object', 'embed', 'form', 'base']).not.toContain(
      tag,
    );
    for (const [name, value] of Object.entries(attribs)) {
      expect(name.toLowerCase().startsWith('on'), `${tag} has ${name}`).toBe(false);
      expect(name.toLowerCase()).not.toBe('style');
      if (URL_ATTRIBUTES.includes(name.toLowerCase())) {
        // Browsers ignore control characters and whitespace in a scheme.
        const url = [...value]
          .filter((char) => {
            const code = char.charCodeAt(0);
            return code > 0x20 && (code < 0x7f || code > 0x9f);
          })
          .join('')
          .toLowerCase();
        expect(url, `${tag} ${name}=${value}`).not.toMatch(/^(javascript|vbscript|data):/);
        expect(url).toMatch(/^(https?:|mailto:|tel:|\/(?!\/)|[^:]*$)/);
      }
    }
    if (tag === 'iframe') expect(isAllowedEmbed(attribs.src ?? '')).toBe(true);
  }
}

const payloads = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" onload="alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="&#x6A;&#x61;vascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java&#09;script:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.example">x</a>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<div style="width: expression(alert(1))">x</div>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<iframe src="https://evil.example/embed/x"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>',
  '<iframe src="http://www.youtube.com/embed/x"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<!--<script>alert(1)</script>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<img/src=x/onerror=alert(1)>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
];

const fragments = [
  '<p>',
  '</p>',
  '<strong>',
  '</strong>',
  '<a href="https://example.ng">',
  '<a target="_blank" href="/blog/a">',
  '</a>',
  '<img src="/images/a.webp" alt="a">',
  '<iframe src="https://www.youtube.com/embed/abc" allowfullscreen></iframe>',
  '<',
  '>',
  '"',
  "'",
  '=',
  '&',
  '&#',
  '/',
  'on',
  'script',
  'javascript:',
  ' ',
  'text',
  '<ul><li>',
  '</li></ul>',
  '<table><tr><td>',
];

const htmlSoup = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...payloads) },
      { weight: 3, arbitrary: fc.constantFrom(...fragments) },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    ),
    { maxLength: 14 },
  )
  .map((parts) => parts.join(''));

describe('sanitizeRichText: safety', () => {
  it.each(payloads)('makes %s safe', (payload) => {
    assertSafe(sanitizeRichText(payload));
  });

  it('keeps every generated mix of HTML and XSS payloads safe', () => {
    fc.assert(
      fc.property(htmlSoup, (html) => {
        assertSafe(sanitizeRichText(html));
      }),
      { numRuns: 1500 },
    );
  });

  it('the checker itself catches what it must (a rule removed would fail)', () => {
    expect(() => assertSafe('<img src=x onerror=alert(1)>')).toThrow();
    expect(() => assertSafe('<a href="&#106;avascript:alert(1)">x</a>')).toThrow();
    expect(() => assertSafe('<iframe src="https://evil.example/x"></iframe>')).toThrow();
    expect(() => assertSafe('<img src="data:image/png;base64,AAAA">')).toThrow();
  });
});

describe('sanitizeRichText: formatting survives', () => {
  it('keeps paragraphs, emphasis, headings, lists, quotes and code', () => {
    const html =
      '<h2>Living with sickle cell</h2><p>Drink <strong>water</strong>, <em>rest</em> and <u>see</u> a <s>quack</s> doctor.<br>Always.</p>' +
      '<ul><li>One</li></ul><ol start="3"><li>Two</li></ol><blockquote>Quote</blockquote><pre><code>x &lt; y</code></pre><hr>';
    expect(sanitizeRichText(html)).toBe(html.replace('<br>', '<br />').replace('<hr>', '<hr />'));
  });

  it('keeps tables and figures with captions', () => {
    const html =
      '<figure><img src="https://cdn.example.ng/a.webp" alt="Clinic" width="800" height="600" loading="lazy" /><figcaption>Our clinic</figcaption></figure>' +
      '<table><caption>Costs</caption><thead><tr><th scope="col">Item</th></tr></thead><tbody><tr><td colspan="2">₦5,000</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps links over http(s), mailto, tel and relative paths; adds rel to new-tab links', () => {
    expect(sanitizeRichText('<a href="https://ipatient.ng" title="Home">Home</a>')).toBe(
      '<a href="https://ipatient.ng" title="Home">Home</a>',
    );
    expect(sanitizeRichText('<a href="mailto:hello@ipatient.ng">Mail</a>')).toContain(
      'href="mailto:hello@ipatient.ng"',
    );
    expect(sanitizeRichText('<a href="tel:+2348000000000">Call</a>')).toContain(
      'href="tel:+2348000000000"',
    );
    expect(sanitizeRichText('<img src="/images/blog/a.webp" alt="">')).toContain(
      'src="/images/blog/a.webp"',
    );
    expect(sanitizeRichText('<a href="https://x.ng" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.ng" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeRichText('<a href="ftp://x.ng/file">x</a>')).toBe('<a>x</a>');
  });

  it('keeps players of YouTube, Spotify and Apple Podcasts only', () => {
    for (const src of [
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://open.spotify.com/embed/episode/7makk4oTQel546B0PZlDM5',
      'https://embed.podcasts.apple.com/ng/podcast/x/id1?i=2',
    ]) {
      const html = `<iframe src="${src.replace('&', '&amp;')}" width="100%" height="170" title="Player" allow="encrypted-media" allowfullscreen loading="lazy"></iframe>`;
      expect(sanitizeRichText(html)).toContain(`src="${src.replace('&', '&amp;')}"`);
    }
    expect(sanitizeRichText('<iframe src="https://www.youtube.com/watch?v=x"></iframe>')).toBe('');
    expect(sanitizeRichText('<iframe src="https://open.spotify.com/track/x"></iframe>')).toBe('');
    expect(sanitizeRichText('<iframe src="https://evil.example/embed/x"></iframe>')).toBe('');
  });

  it('drops unknown tags but keeps their text; drops script text entirely', () => {
    expect(sanitizeRichText('<div><span class="x">Hello</span></div>')).toBe('Hello');
    expect(sanitizeRichText('<p>Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(sanitizeRichText('<h1>Big</h1><p style="color:red">x</p>')).toBe('Big<p>x</p>');
  });
});

describe('NUL characters', () => {
  it('are dropped (PostgreSQL cannot store them)', () => {
    expect(sanitizeRichText('<p>a\u0000b</p>')).toBe('<p>ab</p>');
    expect(htmlToText('<p>a\u0000b</p>')).toBe('ab');
  });
});

describe('htmlToText', () => {
  it('gives the words with blocks separated and entities decoded', () => {
    expect(htmlToText('<p>Tom &amp; Jerry</p><p>say&nbsp;&quot;hi&quot; &lt;3</p>')).toBe(
      'Tom & Jerry say "hi" <3',
    );
    expect(htmlToText('<h2>A</h2><ul><li>b</li><li>c</li></ul>line<br>break')).toBe(
      'A b c line break',
    );
    expect(htmlToText('<p>x<script>var secret = 1</script></p>')).toBe('x');
  });
});

describe('countWords and excerptOf', () => {
  it('counts words', () => {
    expect(countWords('Sickle-cell care in Lagos: 3 tips, don’t wait!')).toBe(8);
    expect(countWords('')).toBe(0);
  });

  it('cuts at a word and marks the cut', () => {
    expect(excerptOf('short text', 20)).toBe('short text');
    expect(excerptOf('one two three four five six', 15)).toBe('one two three…');
  });
});
