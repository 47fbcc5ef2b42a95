import { useState } from 'react';
import { Modal, ModalCancelButton, templatePlainText } from '../../../kit';
import type { ScheduleEventJson } from '../api/journeysApi';
import { dayLabel, minuteLabel } from '../lib/schedule';
import { DayTimeFields, dayTimeOf, readDayTime, type DayTime } from './DayTimeFields';

export interface MoveEventModalProps {
  event: ScheduleEventJson;
  onMove: (daysLater: number, minuteInDay: number) => void;
  onClose: () => void;
}

/** The onboarding event move modal: a new day and time; the page shows the move at once and reverts it on failure. */
export function MoveEventModal({ event, onMove, onClose }: MoveEventModalProps) {
  const [value, setValue] = useState<DayTime>(dayTimeOf(event.days_later, event.minute_in_day));
  const [errors, setErrors] = useState<{ day?: string; time?: string }>({});
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = readDayTime(value);
    if ('field' in parsed) {
      setErrors({ [parsed.field]: parsed.error });
      return;
    }
    onMove(parsed.daysLater, parsed.minuteInDay);
    onClose();
  };
  return (
    <Modal
      title={`Move “${templatePlainText(event.title) || 'Untitled'}”`}
      onClose={onClose}
      size="small"
      className="jr-modal"
      footer={
        <>
          <ModalCancelButton />
          <button type="submit" form="move-event-form" className="button button-primary">
            Move
          </button>
        </>
      }
    >
      <form id="move-event-form" className="jr-stack" onSubmit={submit} noValidate>
        <p className="muted">
          Now on {dayLabel(event.days_later)} at {minuteLabel(event.minute_in_day)}. Everyone already enrolled gets it on the new day, unless it was moved for them by hand.
        </p>
        <DayTimeFields
          value={value}
          errors={errors}
          onChange={(next) => {
            setValue(next);
            setErrors({});
          }}
        />
      </form>
    </Modal>
  );
}
