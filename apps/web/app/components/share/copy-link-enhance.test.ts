import { describe, expect, it } from 'vitest';
import { copyLinkScript } from './copy-link-enhance.ts';

describe('copy-link enhancement', () => {
  it('is a self-contained script that cannot close its script element', () => {
    const script = copyLinkScript({ confirmMs: 2000 });
    expect(script).toContain('"confirmMs":2000');
    expect(script).not.toContain('</script');
    // It parses on its own, without the module around it.
    expect(() => new Function(script)).not.toThrow();
  });
});
