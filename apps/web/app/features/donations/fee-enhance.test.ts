import { localFee } from '@ipatient/contracts/fees';
import { describe, expect, it } from 'vitest';
import { feeScript } from './fee-enhance.ts';

describe('the donate form’s fee script', () => {
  it('carries the one fee table and escapes nothing it should not', () => {
    const script = feeScript({
      percent: localFee.percent,
      flatKobo: localFee.flatKobo,
      flatWaivedBelowKobo: localFee.flatWaivedBelowKobo,
      capKobo: localFee.capKobo,
      min: 100,
      max: 10_000_000,
    });
    expect(script).toContain('"percent":1.5');
    expect(script).toContain('"capKobo":200000');
    expect(script).not.toContain('</script');
  });

  it('parses on its own, without the module around it', () => {
    const script = feeScript({
      percent: 1.5,
      flatKobo: 100_00,
      flatWaivedBelowKobo: 2_500_00,
      capKobo: 2_000_00,
      min: 100,
      max: 10_000_000,
    });
    expect(() => new Function(script)).not.toThrow();
  });
});
