import { describe, expect, it } from 'vitest';
import { localFeeKobo } from './fees.ts';

describe('the local payment fee', () => {
  it('is 1.5% alone under ₦2,500', () => {
    expect(localFeeKobo(1_000_00)).toBe(15_00);
    expect(localFeeKobo(2_499_00)).toBe(3749);
  });

  it('adds ₦100 from ₦2,500', () => {
    expect(localFeeKobo(2_500_00)).toBe(37_50 + 100_00);
    expect(localFeeKobo(10_000_00)).toBe(150_00 + 100_00);
  });

  it('never passes ₦2,000', () => {
    expect(localFeeKobo(126_666_00)).toBe(1_999_99);
    expect(localFeeKobo(126_667_00)).toBe(2_000_00);
    expect(localFeeKobo(5_000_000_00)).toBe(2_000_00);
  });

  it('rounds a part kobo up and is 0 for no gift', () => {
    expect(localFeeKobo(1)).toBe(1);
    expect(localFeeKobo(0)).toBe(0);
  });
});
