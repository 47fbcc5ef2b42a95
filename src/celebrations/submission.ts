// Reading people's dates: the modal's submission (Slack's view.state.values in, dates or per-block errors out)
// and the API's date strings (a date, or the 400). Pure.
import { HttpError } from '../http/errors.js';
import { compareLocalDate, isLeapYear, parseLocalDate, addDays, type LocalDate } from '../time/zoned.js';
import { DATES_MODAL } from './blocks.js';
import { daysInMonth, isValidDate, isValidMonthDay, MONTH_NAMES, type MonthDay } from './dates.js';
import type { ViewStateValues } from '../slack/view-values.js';


export interface DatesInput {
  /** null: no birthday (cleared). */
  birthday: (MonthDay & { year: number | null; keepYear: boolean }) | null;
  startDate: LocalDate | null;
}

export type DatesSubmission = { ok: true; value: DatesInput } | { ok: false; errors: Record<string, string> };

/** Earliest sensible start date, and how far ahead a start date may be (new hires). */
export const EARLIEST_START_YEAR = 1950;
export const MAX_START_DAYS_AHEAD = 366;

/** Birth-year rules shared with the web API and the CSV import. */
export function birthYearProblem(year: number, md: MonthDay, today: LocalDate): string | null {
  if (!Number.isInteger(year) || year < 1900 || year > today.year) return `Enter a year between 1900 and ${today.year}, or leave it empty`;
  if (!isValidDate(year, md.month, md.day)) return `${year} had no 29 February`;
  if (compareLocalDate({ year, month: md.month, day: md.day }, today) > 0) return 'That birthday is in the future';
  return null;
}

export function startDateProblem(d: LocalDate, today: LocalDate): string | null {
  if (d.year < EARLIEST_START_YEAR) return `Enter a start date after ${EARLIEST_START_YEAR}`;
  if (compareLocalDate(d, addDays(today, MAX_START_DAYS_AHEAD)) > 0) return "That's more than a year away — check the year?";
  return null;
}

/**
 * What is wrong with a month and day, in the year when it is known: "February 1994 has only 28 days" (not 29:
 * 1994 was not a leap year), "April has only 30 days"; without a year February has 29.
 */
export function monthDayProblem(month: number, day: number, year?: number | null): string | null {
  const name = MONTH_NAMES[month - 1] ?? 'That month';
  if (year !== null && year !== undefined && Number.isInteger(year) && month === 2) {
    if (isValidDate(year, month, day)) return null;
    return `February ${year} has only ${isLeapYear(year) ? 29 : 28} days`;
  }
  if (isValidMonthDay(month, day)) return null;
  return `${name} has only ${daysInMonth(month)} days`;
}

/** Validates everything first; any problem comes back as Slack's per-block errors and nothing is saved. */
export function readDatesSubmission(values: ViewStateValues, today: LocalDate): DatesSubmission {
  const b = DATES_MODAL.blocks;
  const a = DATES_MODAL.actions;
  const monthRaw = values[b.month]?.[a.month]?.selected_option?.value ?? null;
  const dayRaw = values[b.day]?.[a.day]?.selected_option?.value ?? null;
  const yearRaw = (values[b.year]?.[a.year]?.value ?? '').trim();
  const startRaw = values[b.start]?.[a.start]?.selected_date ?? null;
  const errors: Record<string, string> = {};

  let birthday: DatesInput['birthday'] = null;
  if (monthRaw && !dayRaw) errors[b.day] = 'Choose the day of your birthday too';
  else if (!monthRaw && dayRaw) errors[b.month] = 'Choose the month of your birthday too';
  else if (!monthRaw && yearRaw) errors[b.month] = 'Choose your birthday month and day, or leave the year empty';
  else if (monthRaw && dayRaw) {
    const month = Number(monthRaw);
    const day = Number(dayRaw);
    const knownYear = /^\d{4}$/.test(yearRaw) ? Number(yearRaw) : null;
    const problem = monthDayProblem(month, day, knownYear);
    if (problem) errors[b.day] = problem;
    else {
      let year: number | null = null;
      if (yearRaw) {
        const y = /^\d{4}$/.test(yearRaw) ? Number(yearRaw) : NaN;
        const yearProblem = Number.isNaN(y) ? 'Enter a four-digit year like 1990, or leave it empty' : birthYearProblem(y, { month, day }, today);
        if (yearProblem) errors[b.year] = yearProblem;
        else year = y;
      }
      birthday = { month, day, year, keepYear: !yearRaw };
    }
  }

  let startDate: LocalDate | null = null;
  if (startRaw) {
    try {
      startDate = parseLocalDate(startRaw);
      const problem = startDateProblem(startDate, today);
      if (problem) errors[b.start] = problem;
    } catch {
      errors[b.start] = 'Pick a date';
    }
  }

  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { birthday, startDate } };
}

/** A month and day with an optional year (a birth year is private, a start date's year required). */
export interface MemberDate {
  month: number;
  day: number;
  year: number | null;
}

/** Parses a date from the API: birthdays and custom dates "MM-DD" or "YYYY-MM-DD" (a birth year stays private), anniversaries "YYYY-MM-DD". */
export function parseMemberDate(type: 'birthday' | 'anniversary' | 'custom', text: string, today: LocalDate, field = 'date'): MemberDate {
  const m = /^(?:(\d{4})-)?(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m) throw new HttpError(400, `${field}: use ${type === 'anniversary' ? 'YYYY-MM-DD' : 'MM-DD or YYYY-MM-DD'}`, { [field]: `use ${type === 'anniversary' ? 'YYYY-MM-DD' : 'MM-DD or YYYY-MM-DD'}` });
  const year = m[1] ? Number(m[1]) : null;
  const month = Number(m[2]);
  const day = Number(m[3]);
  const bad = (message: string) => new HttpError(400, `${field}: ${message}`, { [field]: message });
  const mdProblem = monthDayProblem(month, day, year);
  if (month < 1 || month > 12) throw bad('is not a date');
  if (mdProblem) throw bad(mdProblem);
  if (type === 'anniversary') {
    if (year === null) throw bad('a start date needs its year');
    if (!isValidDate(year, month, day)) throw bad(`${year} had no 29 February`);
    const problem = startDateProblem({ year, month, day }, today);
    if (problem) throw bad(problem);
  } else if (type === 'birthday' && year !== null) {
    const problem = birthYearProblem(year, { month, day }, today);
    if (problem) throw bad(problem);
  } else if (type === 'custom' && year !== null && (year < 1900 || year > today.year + 5 || !isValidDate(year, month, day))) throw bad('is not a date');
  return { month, day, year };
}
