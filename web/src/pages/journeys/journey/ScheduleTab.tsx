import { CalendarDays, List, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParam } from '../../../api/searchParams';
import { Callout, EmptyState, openModal, SegmentedControl, StatusPill, Switch, toastSuccess } from '../../../kit';
import { useTurnOnHeldMessages, type Flow, type ScheduleEventJson, type TagDetail } from '../api/journeysApi';
import { EventCalendar } from '../events/EventCalendar';
import { EventList } from '../events/EventList';
import { EventModal } from '../events/EventModal';
import { MoveEventModal } from '../events/MoveEventModal';
import { useEventActions } from '../events/useEventActions';

type View = 'calendar' | 'list';

/** The journey's schedule: a calendar of 5-day weeks or a list, with every event action. */
export function ScheduleTab({ flow, data }: { flow: Flow; data: TagDetail }) {
  const tagId = data.tag.id;
  const [viewParam, setView] = useSearchParam('view');
  const view: View = viewParam === 'list' ? 'list' : 'calendar';
  const [showInactive, setShowInactive] = useState(true);
  const actions = useEventActions(flow, tagId);
  const roles = data.roles;
  const events = showInactive ? data.events : data.events.filter((e) => e.active);
  const activeCount = data.events.filter((e) => e.active).length;
  const limit = data.limits.journey_messages;
  const held = data.events.filter((e) => e.held_by_plan && !e.active).length;
  const turnOn = useTurnOnHeldMessages(flow, tagId);

  const openMove = (event: ScheduleEventJson) =>
    openModal((close) => <MoveEventModal event={event} onClose={close} onMove={(d, m) => actions.move(event.id, d, m)} />);
  const toggle = (event: ScheduleEventJson) => (event.active ? actions.deactivate(event.id) : actions.activate(event.id));
  const openEvent = (event: ScheduleEventJson) =>
    openModal((close) => (
      <EventModal
        flow={flow}
        tagId={tagId}
        event={event}
        roles={roles}
        onClose={close}
        onSave={(patch, done) => {
          actions.edit(event.id, patch);
          done();
        }}
        onMove={() => openMove(event)}
        onDuplicate={() => actions.duplicate(event.id)}
        onSendTest={(shown) => actions.sendTest(event.id, { onSuccess: (answer) => shown(answer.preview) })}
        onToggle={() => toggle(event)}
      />
    ));
  const openAdd = (daysLater = 0) =>
    openModal((close) => (
      <EventModal flow={flow} tagId={tagId} event={null} roles={roles} defaultDaysLater={daysLater} onClose={close} onSave={(patch, done) => actions.add(patch, { onSuccess: done })} />
    ));

  return (
    <div className="schedule-tab">
      {held > 0 && (
        <Callout
          tone="info"
          data-testid="held-messages"
          action={
            <button type="button" className="button button-primary" disabled={turnOn.isPending} onClick={() => turnOn.mutate(undefined, { onSuccess: () => toastSuccess(`${held === 1 ? '1 message is' : `${held} messages are`} on.`) })}>
              Turn {held === 1 ? 'it' : 'them'} on
            </button>
          }
        >
          {data.limits.paid
            ? `${held === 1 ? '1 message' : `${held} messages`} of this journey ${held === 1 ? 'was' : 'were'} held back by the Free plan. Your plan sends them now.`
            : `${held === 1 ? '1 message' : `${held} messages`} of this journey ${held === 1 ? 'is' : 'are'} off on the Free plan. Upgrade to send ${held === 1 ? 'it' : 'them'} too.`}
        </Callout>
      )}
      <div className="toolbar">
        <SegmentedControl<View>
          label="Show as"
          hideLabel
          size="small"
          value={view}
          onChange={(v) => setView(v === 'calendar' ? null : v)}
          options={[
            { value: 'calendar', label: 'Calendar', icon: <CalendarDays size={15} aria-hidden="true" /> },
            { value: 'list', label: 'List', icon: <List size={15} aria-hidden="true" /> },
          ]}
        />
        <Switch size="small" checked={showInactive} onChange={setShowInactive} label="Show inactive" />
        <span className="toolbar-spacer" />
        {limit !== null && (
          <StatusPill tone={activeCount >= limit ? 'warning' : 'neutral'}>
            {activeCount} of {limit} messages on the free plan
          </StatusPill>
        )}
        <button type="button" className="button button-primary" onClick={() => openAdd()} disabled={actions.pending.add}>
          <Plus size={16} aria-hidden="true" /> Add message
        </button>
      </div>
      {data.events.length === 0 ? (
        <EmptyState
          icon={<CalendarDays size={28} aria-hidden="true" />}
          title="Nothing scheduled yet"
          action={
            <button type="button" className="button button-primary" onClick={() => openAdd()}>
              Add the first message
            </button>
          }
        >
          Add messages, tasks, polls and intros, or add a preset of ready-made ones.
        </EmptyState>
      ) : view === 'calendar' ? (
        <EventCalendar events={events} roles={roles} onOpen={openEvent} onAdd={openAdd} onMove={(event, daysLater) => actions.move(event.id, daysLater, event.minute_in_day)} />
      ) : (
        <EventList
          events={events}
          roles={roles}
          onOpen={openEvent}
          onMove={openMove}
          onDuplicate={(e) => actions.duplicate(e.id)}
          onSendTest={(e) => actions.sendTest(e.id)}
          onToggle={toggle}
          sendingTest={actions.pending.sendTest ?? null}
        />
      )}
    </div>
  );
}
