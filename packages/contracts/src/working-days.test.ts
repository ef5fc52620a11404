import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  easterSunday,
  isWorkingDay,
  nigerianPublicHolidays,
  workingDaysBetween,
} from './working-days.ts';

/** An instant given in Lagos wall-clock time (UTC+1). */
function lagos(text: string): Date {
  return new Date(`${text}+01:00`);
}

/** The end (23:59:59.999 Lagos) of a Lagos calendar day. */
function endOf(day: string): Date {
  return lagos(`${day}T23:59:59.999`);
}

describe('addWorkingDays', () => {
  it('does not count the day of submission: Monday morning → day 1 is Tuesday', () => {
    // Monday 2 March 2026.
    expect(addWorkingDays(lagos('2026-03-02T08:15:00'), 1)).toEqual(endOf('2026-03-03'));
    expect(addWorkingDays(lagos('2026-03-02T08:15:00'), 5)).toEqual(endOf('2026-03-09'));
    expect(addWorkingDays(lagos('2026-03-02T08:15:00'), 20)).toEqual(endOf('2026-03-30'));
  });

  it('Friday 19:00 → working day 1 is Monday', () => {
    const friday = lagos('2026-03-06T19:00:00');
    expect(addWorkingDays(friday, 1)).toEqual(endOf('2026-03-09'));
    expect(addWorkingDays(friday, 5)).toEqual(endOf('2026-03-13'));
  });

  it('Saturday and Sunday submissions start counting on Monday', () => {
    expect(addWorkingDays(lagos('2026-03-07T11:00:00'), 1)).toEqual(endOf('2026-03-09'));
    expect(addWorkingDays(lagos('2026-03-08T23:00:00'), 1)).toEqual(endOf('2026-03-09'));
    expect(addWorkingDays(lagos('2026-03-08T23:00:00'), 5)).toEqual(endOf('2026-03-13'));
  });

  it('uses the Lagos day, not the UTC day, near midnight', () => {
    // 23:30 Lagos on Friday 6 March 2026 is 22:30 UTC the same Friday.
    const lateFriday = new Date('2026-03-06T22:30:00Z');
    expect(lateFriday).toEqual(lagos('2026-03-06T23:30:00'));
    expect(addWorkingDays(lateFriday, 1)).toEqual(endOf('2026-03-09'));
    // 23:30 Lagos on a Thursday is still Thursday: Friday is day 1.
    expect(addWorkingDays(new Date('2026-03-05T22:30:00Z'), 1)).toEqual(endOf('2026-03-06'));
    // 23:30 UTC on that Thursday is 00:30 Friday in Lagos: Friday is the submission day.
    expect(addWorkingDays(new Date('2026-03-05T23:30:00Z'), 1)).toEqual(endOf('2026-03-09'));
    // 23:30 UTC on a Sunday is 00:30 Monday in Lagos: Tuesday is day 1.
    expect(addWorkingDays(new Date('2026-03-08T23:30:00Z'), 1)).toEqual(endOf('2026-03-10'));
  });

  it('ends the deadline at 23:59:59.999 Lagos time (22:59:59.999 UTC)', () => {
    expect(addWorkingDays(lagos('2026-03-02T08:15:00'), 1).toISOString()).toBe(
      '2026-03-03T22:59:59.999Z',
    );
  });

  it('skips Christmas, Boxing Day and New Year', () => {
    // Tuesday 22 Dec 2026: Christmas is a Friday, Boxing Day a Saturday, 1 Jan 2027 a Friday.
    const from = lagos('2026-12-22T10:00:00');
    expect(addWorkingDays(from, 2)).toEqual(endOf('2026-12-24'));
    expect(addWorkingDays(from, 3)).toEqual(endOf('2026-12-28'));
    expect(addWorkingDays(from, 5)).toEqual(endOf('2026-12-30'));
    expect(addWorkingDays(from, 6)).toEqual(endOf('2026-12-31'));
    expect(addWorkingDays(from, 7)).toEqual(endOf('2027-01-04'));
    // In 2025 Christmas is a Thursday and Boxing Day a Friday.
    expect(addWorkingDays(lagos('2025-12-24T09:00:00'), 1)).toEqual(endOf('2025-12-29'));
    expect(addWorkingDays(lagos('2025-12-24T09:00:00'), 5)).toEqual(endOf('2026-01-05'));
  });

  it('skips Good Friday and Easter Monday (Easter 2027: 28 March)', () => {
    expect(easterSunday(2027)).toEqual({ month: 3, day: 28 });
    expect(isWorkingDay(lagos('2027-03-26T12:00:00'))).toBe(false);
    expect(isWorkingDay(lagos('2027-03-29T12:00:00'))).toBe(false);
    // Wednesday 24 March 2027: Thu 25 is day 1, then Tue 30, Wed 31, Thu 1 Apr, Fri 2 Apr.
    const from = lagos('2027-03-24T15:00:00');
    expect(addWorkingDays(from, 1)).toEqual(endOf('2027-03-25'));
    expect(addWorkingDays(from, 2)).toEqual(endOf('2027-03-30'));
    expect(addWorkingDays(from, 5)).toEqual(endOf('2027-04-02'));
  });

  it('skips Independence Day (1 October) and Democracy Day (12 June)', () => {
    // Wednesday 30 Sep 2026: Thu 1 Oct is a holiday.
    expect(addWorkingDays(lagos('2026-09-30T09:00:00'), 1)).toEqual(endOf('2026-10-02'));
    // Thursday 11 June 2026: Fri 12 June is a holiday.
    expect(addWorkingDays(lagos('2026-06-11T09:00:00'), 1)).toEqual(endOf('2026-06-15'));
    expect(isWorkingDay(lagos('2026-06-12T09:00:00'))).toBe(false);
    expect(isWorkingDay(lagos('2026-10-01T09:00:00'))).toBe(false);
  });

  it('gives a 20-working-day response deadline across Easter 2026', () => {
    // Easter 2026 is 5 April: Good Friday 3 April, Easter Monday 6 April.
    expect(easterSunday(2026)).toEqual({ month: 4, day: 5 });
    // Monday 30 March 2026 + 20 working days, 2 holidays in between → Tuesday 29 April.
    expect(addWorkingDays(lagos('2026-03-30T10:00:00'), 20)).toEqual(endOf('2026-04-29'));
  });

  it('refuses a negative or fractional number of days', () => {
    expect(() => addWorkingDays(new Date(), -1)).toThrow(RangeError);
    expect(() => addWorkingDays(new Date(), 1.5)).toThrow(RangeError);
    expect(addWorkingDays(lagos('2026-03-06T19:00:00'), 0)).toEqual(endOf('2026-03-06'));
  });
});

describe('isWorkingDay and the holiday list', () => {
  it('knows weekends and the fixed holidays', () => {
    expect(isWorkingDay(lagos('2026-03-07T12:00:00'))).toBe(false);
    expect(isWorkingDay(lagos('2026-03-09T00:00:00'))).toBe(true);
    expect(isWorkingDay(lagos('2026-05-01T12:00:00'))).toBe(false);
    expect(isWorkingDay(lagos('2027-01-01T12:00:00'))).toBe(false);
  });

  it('computes Easter for several years', () => {
    expect(easterSunday(2024)).toEqual({ month: 3, day: 31 });
    expect(easterSunday(2025)).toEqual({ month: 4, day: 20 });
    expect(easterSunday(2028)).toEqual({ month: 4, day: 16 });
    const dates = nigerianPublicHolidays(2027).map((holiday) => holiday.date);
    expect(dates).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-01',
      '2027-06-12',
      '2027-10-01',
      '2027-12-25',
      '2027-12-26',
    ]);
  });
});

describe('workingDaysBetween', () => {
  it('counts the working days after the first day up to the second', () => {
    const friday = lagos('2026-03-06T19:00:00');
    expect(workingDaysBetween(friday, endOf('2026-03-13'))).toBe(5);
    expect(workingDaysBetween(friday, friday)).toBe(0);
    expect(workingDaysBetween(friday, lagos('2026-03-01T10:00:00'))).toBe(0);
    const due = addWorkingDays(friday, 20);
    expect(workingDaysBetween(friday, due)).toBe(20);
  });
});
