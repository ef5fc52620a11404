/**
 * Working-day arithmetic for complaint deadlines (docs/product.md#working-days): Monday to Friday in Africa/Lagos,
 * without Nigeria's fixed public holidays and Good Friday / Easter Monday. Zod-free and
 * dependency-free, so the web can say "in 3 working days" with the server's exact rule.
 *
 * Lagos is on West Africa Time, UTC+1 all year: Nigeria has no daylight saving time, so a fixed
 * offset is exact and we need no time-zone database here.
 *
 * Not included: the Islamic holidays (Eid al-Fitr, Eid al-Adha, Id el Maulud), whose dates the
 * Federal Government declares each year from the moon sighting, and the substitute Mondays it
 * declares when a holiday falls on a weekend. Deadlines may therefore be a day early in those
 * weeks, never late.
 */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day in Lagos: year, month 1–12, day of month. */
export interface LagosDay {
  year: number;
  month: number;
  day: number;
}

/** The Lagos calendar day an instant falls on. */
export function lagosDay(date: Date): LagosDay {
  const shifted = new Date(date.getTime() + LAGOS_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm), as month and day. */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

const FIXED_HOLIDAYS: readonly { month: number; day: number; name: string }[] = [
  { month: 1, day: 1, name: "New Year's Day" },
  { month: 5, day: 1, name: "Workers' Day" },
  { month: 6, day: 12, name: 'Democracy Day' },
  { month: 10, day: 1, name: 'Independence Day' },
  { month: 12, day: 25, name: 'Christmas Day' },
  { month: 12, day: 26, name: 'Boxing Day' },
];

function isoDay(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The public holidays of a year that this module knows, as YYYY-MM-DD with their names. */
export function nigerianPublicHolidays(year: number): { date: string; name: string }[] {
  const easter = easterSunday(year);
  const easterTime = Date.UTC(year, easter.month - 1, easter.day);
  const relative = (days: number, name: string) => {
    const date = new Date(easterTime + days * DAY_MS);
    return {
      date: isoDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()),
      name,
    };
  };
  return [
    ...FIXED_HOLIDAYS.map((holiday) => ({
      date: isoDay(year, holiday.month, holiday.day),
      name: holiday.name,
    })),
    relative(-2, 'Good Friday'),
    relative(1, 'Easter Monday'),
  ].sort((x, y) => x.date.localeCompare(y.date));
}

const holidayCache = new Map<number, Set<string>>();

function holidaysOf(year: number): Set<string> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(nigerianPublicHolidays(year).map((holiday) => holiday.date));
    holidayCache.set(year, set);
  }
  return set;
}

function isWorkingLagosDay({ year, month, day }: LagosDay): boolean {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(year).has(isoDay(year, month, day));
}

/** Whether the Lagos calendar day of this instant is a working day. */
export function isWorkingDay(date: Date): boolean {
  return isWorkingLagosDay(lagosDay(date));
}

function nextLagosDay({ year, month, day }: LagosDay): LagosDay {
  const next = new Date(Date.UTC(year, month - 1, day) + DAY_MS);
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** The last millisecond of a Lagos calendar day (23:59:59.999 Lagos time). */
function endOfLagosDay({ year, month, day }: LagosDay): Date {
  return new Date(Date.UTC(year, month - 1, day, 23, 59, 59, 999) - LAGOS_OFFSET_MS);
}

/**
 * The end of the `days`th working day after `from`. The day of `from` itself never counts,
 * whatever the hour: a complaint sent on Friday at 19:00 has Monday as working day 1. With
 * `days` 0, the end of `from`'s own day.
 */
export function addWorkingDays(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) {
    throw new RangeError('days must be a whole number of at least 0');
  }
  let current = lagosDay(from);
  let counted = 0;
  while (counted < days) {
    current = nextLagosDay(current);
    if (isWorkingLagosDay(current)) counted += 1;
  }
  return endOfLagosDay(current);
}

/**
 * Working days from the day after `from` up to and including the day of `to` (0 when `to` is not
 * later): "due in 3 working days".
 */
export function workingDaysBetween(from: Date, to: Date): number {
  const last = lagosDay(to);
  const lastKey = isoDay(last.year, last.month, last.day);
  let current = lagosDay(from);
  let counted = 0;
  // Bounded: a deadline is at most a few months away; stop after ten years in any case.
  for (let step = 0; step < 3660; step++) {
    if (isoDay(current.year, current.month, current.day) >= lastKey) break;
    current = nextLagosDay(current);
    if (isWorkingLagosDay(current)) counted += 1;
  }
  return counted;
}
