import { useState } from 'react';
import { DateField } from '../../../kit';
import { MonthDayInput } from './MonthDayInput';
import { pad } from './shared';

type MonthDay = { month: number; day: number };

/**
 * A person's birthday or start date being edited: a birthday's month and day, or a start date's full day. `value` is
 * what the server takes ('MM-DD' or 'YYYY-MM-DD'), '' while incomplete; `missing` once Save found no start date.
 */
export function useScheduleDate(birthday: boolean, date: string | null) {
  const [monthDay, setMonthDay] = useState<MonthDay>(() => ({ month: date ? Number(date.slice(-5, -3)) : 0, day: date ? Number(date.slice(-2)) : 0 }));
  const [full, setFull] = useState(!birthday && date ? date : '');
  const [missing, setMissing] = useState(false);
  const value = birthday ? (monthDay.month && monthDay.day ? `${pad(monthDay.month)}-${pad(monthDay.day)}` : '') : full;
  return {
    birthday,
    monthDay,
    setMonthDay,
    full,
    setStart: (iso: string) => {
      setFull(iso);
      setMissing(false);
    },
    missing,
    setMissing,
    value,
    clear: () => {
      setMonthDay({ month: 0, day: 0 });
      setFull('');
    },
  };
}

export type ScheduleDateDraft = ReturnType<typeof useScheduleDate>;

/**
 * The input for a `useScheduleDate` draft: a birthday's month and day selects, or a start date in the kit's DateField
 * (its label read by screen readers only) that says `missingText` when Save found none, its calendar opening in the
 * flow so that it never covers the form's own Save and Cancel. A typed start date is taken when the field loses
 * focus, which a click on Save does first: Save waits only for a birthday's month and day.
 */
export function ScheduleDateInput({ draft, idPrefix, missingText, what }: { draft: ScheduleDateDraft; idPrefix: string; missingText: string; what?: string }) {
  if (draft.birthday) return <MonthDayInput value={draft.monthDay} onChange={draft.setMonthDay} idPrefix={idPrefix} what={what} />;
  return <DateField label="Start date" hideLabel calendarInFlow value={draft.full || null} error={draft.missing ? missingText : null} onChange={draft.setStart} />;
}
