import { useCurrentUser } from '../../../api/currentUser';
import { DateField, Field, formatPlainDate, Select, toastError } from '../../../kit';
import { hourLabel } from '../introsApi';
import { windowEnd } from '../settingsForm';
import { CALENDAR_SELECTIONS, VIDEO_PLATFORMS, type CalendarSelection, type VideoPlatform } from '../settingsRules';
import { FieldNote } from './FieldMessages';
import { LinkNotice } from './LinkNotice';
import { calendarNotLinked, videoNotLinked } from './linkNotices';
import { CALENDAR_LABELS, VIDEO_LABELS, type SectionProps } from './settingsText';

/** Calendar invites, the fixed meeting's date and time, and the video link. */
export function MeetingsSection({ draft, change, errorOf, notes, nextOccurrenceOn }: SectionProps & { nextOccurrenceOn: string | null }) {
  const user = useCurrentUser();
  const fixed = draft.calendar_scheduling_selection === 'fixed-meeting';
  const until = windowEnd(nextOccurrenceOn, draft.period);
  const videoHint =
    draft.video_platform === 'zoom' && user.data && !user.data.has_valid_zoom_identity ? 'Link a Zoom account in Integrations so Hearth can create the meetings.' : undefined;
  // programs.md §8: picking a calendar or video option whose account is not linked shows the spec's error toast;
  // the notice stays under the field until it is linked.
  const calendarNotice = calendarNotLinked(draft.calendar_scheduling_selection, user.data);
  const videoNotice = videoNotLinked(draft.video_platform, user.data);
  const pickCalendar = (sel: CalendarSelection) => {
    change({ calendar_scheduling_selection: sel });
    const text = calendarNotLinked(sel, user.data);
    if (text) toastError(text);
  };
  const pickVideo = (platform: VideoPlatform) => {
    change({ video_platform: platform });
    const text = videoNotLinked(platform, user.data);
    if (text) toastError(text);
  };
  return (
    <section className="card settings-section" aria-labelledby="meetings-title">
      <h2 id="meetings-title" className="card-title">
        Meetings
      </h2>
      <fieldset className="plain-fieldset">
        <legend className="field-label">Calendar</legend>
        <div className="choice-grid choice-grid-3">
          {CALENDAR_SELECTIONS.map((sel) => (
            <label key={sel} className={draft.calendar_scheduling_selection === sel ? 'choice-card is-chosen' : 'choice-card'}>
              <input
                type="radio"
                name="calendar_scheduling_selection"
                value={sel}
                checked={draft.calendar_scheduling_selection === sel}
                onChange={() => pickCalendar(sel)}
              />
              <span className="choice-card-title">{CALENDAR_LABELS[sel].label}</span>
              <span className="choice-card-text">{CALENDAR_LABELS[sel].text}</span>
            </label>
          ))}
        </div>
        {calendarNotice && <LinkNotice text={calendarNotice} />}
      </fieldset>
      {fixed && (
        <div className="field-grid fixed-meeting">
          <div>
            <DateField
              label="Meeting date"
              weekends={false}
              weekendText="Choose a weekday: meetings are never on weekends"
              value={draft.next_fixed_meeting_on}
              today={nextOccurrenceOn ?? undefined}
              highlightFrom={nextOccurrenceOn}
              highlightUntil={until}
              onChange={(iso) => change({ next_fixed_meeting_on: iso })}
              error={errorOf('next_fixed_meeting_on')}
              hint={
                draft.period === 0
                  ? 'With a single round, the meeting is on the day of the intros.'
                  : until && nextOccurrenceOn
                    ? `A weekday from ${formatPlainDate(nextOccurrenceOn)} until before ${formatPlainDate(until)}.`
                    : 'A weekday within the round.'
              }
            />
            <FieldNote text={notes.next_fixed_meeting_on} />
          </div>
          <div>
            <Field
              label="Meeting time"
              hint={`At least 30 minutes after the intros go out (${hourLabel(draft.occurrence_hour).replace(':00', ':30')} or later).`}
              error={errorOf('next_fixed_meeting_time')}
            >
              {(control) => (
                <input
                  {...control}
                  type="time"
                  className="kit-input"
                  step={900}
                  value={draft.next_fixed_meeting_time ?? ''}
                  min={`${String(draft.occurrence_hour).padStart(2, '0')}:30`}
                  onChange={(e) => change({ next_fixed_meeting_time: e.target.value || null })}
                />
              )}
            </Field>
          </div>
        </div>
      )}
      <div className="field-grid">
        <div>
          <Select
            label="Video link"
            options={VIDEO_PLATFORMS.map((v) => ({
              value: v,
              label: VIDEO_LABELS[v],
              disabled: v === 'meet_and_teams' && draft.calendar_scheduling_selection !== 'groups-choose-meeting-time',
            }))}
            value={draft.video_platform}
            onChange={(v) => v[0] && pickVideo(v[0] as VideoPlatform)}
            error={errorOf('video_platform')}
          />
          {draft.calendar_scheduling_selection !== 'groups-choose-meeting-time' && (
            <p className="kit-field-hint">Meet or Teams links from each calendar need groups to pick their own time.</p>
          )}
          {videoHint && <p className="kit-field-hint">{videoHint}</p>}
          {videoNotice && <LinkNotice text={videoNotice} />}
          <FieldNote text={notes.video_platform} />
        </div>
      </div>
    </section>
  );
}
