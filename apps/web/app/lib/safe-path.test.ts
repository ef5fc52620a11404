import { describe, expect, it } from 'vitest';
import { safeLocalPath } from './safe-path.ts';

const FALLBACK = '/fallback';

/** Each would send the visitor to another host, or to a script, if it were followed. */
const attacks: [string, unknown][] = [
  ['another host', 'https://evil.example/'],
  ['a scheme-relative link', '//evil.example'],
  ['three slashes', '///evil.example'],
  ['a backslash after the slash', '/\\evil.example'],
  ['two backslashes', '\\\\evil.example'],
  ['a backslash then a slash', '/\\/evil.example'],
  ['a dot segment before two slashes', '/.//evil.example'],
  ['a dot-dot segment before two slashes', '/x/..//evil.example'],
  ['dot-dot segments climbing above the root', '/a/b/../../..//evil.example'],
  ['an encoded dot segment', '/%2e//evil.example'],
  ['encoded dot-dot segments', '/x/%2e%2e//evil.example'],
  ['a dot segment and a backslash', '/./\\evil.example'],
  ['encoded slashes', '/%2f%2fevil.example'],
  ['encoded slashes in capitals', '/%2F%2Fevil.example'],
  ['encoded backslashes', '/%5c%5cevil.example'],
  ['an encoded slash after the slash', '/%2fevil.example'],
  ['an encoded tab between slashes', '/%09/evil.example'],
  ['a tab between the slashes', '/\t/evil.example'],
  ['a newline between the slashes', '/\n/evil.example'],
  ['a carriage return between the slashes', '/\r/evil.example'],
  ['a tab after a dot segment', '/.\t//evil.example'],
  ['javascript:', 'javascript:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['a relative path', 'evil.example'],
  ['a leading space', ' //evil.example'],
  ['a broken escape', '/%E0%A4%A'],
  ['an empty string', ''],
  ['nothing', null],
  ['undefined', undefined],
  ['a file', new File(['/account'], 'x.txt')],
];

/** Paths on this site: kept as they are. */
const kept = [
  '/',
  '/account',
  '/account?tab=campaign',
  '/admin/users?page=2&role=admin#row-3',
  '/campaigns/0d6f1f4e-2b1c-4c3f-9d4e-1f2a3b4c5d6e',
  '/review?search=st%20nicholas',
  '/@handle',
  '/a/b/',
];

describe('safeLocalPath', () => {
  it.each(attacks)('falls back for %s', (_, value) => {
    expect(safeLocalPath(value as string, FALLBACK)).toBe(FALLBACK);
  });

  it.each(kept)('keeps %s', (value) => {
    expect(safeLocalPath(value, FALLBACK)).toBe(value);
  });

  it('returns the path as a browser would follow it', () => {
    expect(safeLocalPath('/x/../account', FALLBACK)).toBe('/account');
    expect(safeLocalPath('/a\\b', FALLBACK)).toBe('/a/b');
    expect(safeLocalPath('/acc\tount', FALLBACK)).toBe('/account');
    expect(safeLocalPath('/search?q=a b', FALLBACK)).toBe('/search?q=a%20b');
  });

  it('falls back to / unless told otherwise', () => {
    expect(safeLocalPath('//evil.example')).toBe('/');
  });

  it('never answers anything a browser would read as another host', () => {
    const pieces = ['/', '\\', '.', '..', '%2f', '%5c', '%2e', '\t', '\n', 'x', '%09', '?', '#'];
    for (const a of pieces) {
      for (const b of pieces) {
        for (const c of pieces) {
          const answer = safeLocalPath(`/${a}${b}${c}evil.example`, FALLBACK);
          expect(answer.startsWith('/'), answer).toBe(true);
          expect(/^[/\\]{2}/.test(answer), answer).toBe(false);
          expect(new URL(answer, 'https://ipatient.example').host).toBe('ipatient.example');
        }
      }
    }
  });
});
