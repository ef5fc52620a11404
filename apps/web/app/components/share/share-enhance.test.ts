import { describe, expect, it } from 'vitest';
import { shareScript } from './share-enhance.ts';

describe('share enhancement', () => {
  it('is a self-contained script that cannot close its element early', () => {
    const script = shareScript({ confirmMs: 2000, unsupported: '</script><b>' });
    expect(script).not.toContain('</script>');
    // It parses on its own, without the module around it.
    expect(() => new Function(script)).not.toThrow();
  });
});
