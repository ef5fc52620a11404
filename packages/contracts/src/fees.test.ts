import { describe, expect, it } from 'vitest';
import { formatKobo, giftSplit, grossUpKobo, localFeeKobo } from './fees.ts';

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

describe('adding the fee so the campaign gets the whole gift', () => {
  const receives = (total: number) => total - localFeeKobo(total);

  it('is the smallest charge that leaves exactly the gift', () => {
    for (const gift of [1, 99, 100_00, 2_400_00, 2_462_50, 2_463_00, 2_500_00, 10_000_00]) {
      const total = grossUpKobo(gift);
      expect(receives(total)).toBe(gift);
      expect(receives(total - 1)).toBeLessThan(gift);
    }
  });

  it('crosses ₦2,500 with the ₦100 added', () => {
    // ₦2,450 + 1.5% stays under ₦2,500; ₦2,480 would pass it, so the ₦100 comes in.
    expect(grossUpKobo(2_450_00)).toBe(2_487_31);
    expect(localFeeKobo(2_487_31)).toBe(37_31);
    expect(grossUpKobo(2_480_00)).toBe(2_619_29);
    expect(receives(2_619_29)).toBe(2_480_00);
    // Below ₦2,619.29 no charge leaves ₦2,480 (those from ₦2,500 lose the ₦100).
    for (let total = 2_480_00; total < 2_619_29; total += 37) {
      expect(receives(total)).toBeLessThan(2_480_00);
    }
  });

  it('adds the capped ₦2,000 on large gifts', () => {
    expect(grossUpKobo(1_000_000_00)).toBe(1_002_000_00);
    expect(localFeeKobo(1_002_000_00)).toBe(2_000_00);
  });

  it('matches a search of every charge near the boundaries', () => {
    for (const gift of [2_400_00, 2_463_12, 2_463_13, 124_666_00, 124_767_00, 124_800_00]) {
      let smallest = gift;
      while (receives(smallest) < gift) smallest += 1;
      expect(grossUpKobo(gift)).toBe(smallest);
    }
  });

  it('splits a gift into charge, fee and what the campaign receives', () => {
    expect(giftSplit(1000, false)).toEqual({
      chargeKobo: 1_000_00,
      feeKobo: 15_00,
      receivedKobo: 985_00,
    });
    const covered = giftSplit(1000, true);
    expect(covered.receivedKobo).toBe(1_000_00);
    expect(covered.chargeKobo).toBe(covered.receivedKobo + covered.feeKobo);
  });

  it('writes kobo only when there are some', () => {
    expect(formatKobo(1_025_381)).toBe('₦10,253.81');
    expect(formatKobo(1_000_00)).toBe('₦1,000');
  });
});
