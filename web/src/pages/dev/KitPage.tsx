import { useState } from 'react';
import {
  ConfirmDialog,
  DateField,
  DateRangePicker,
  EmptyState,
  ErrorState,
  Field,
  InlineError,
  NotFoundState,
  OwnershipSection,
  PageSkeleton,
  SegmentedControl,
  Select,
  SendNowButton,
  SkeletonLines,
  Switch,
  Tabs,
  TextAreaField,
  TextField,
  TimeZoneSelect,
  UsersIcon,
  addPlainDays,
  openModal,
  showToast,
  todayIn,
  toastError,
  toastSuccess,
  type DateRange,
} from '../../kit';
import { PageHeader } from '../PageHeader';
import { BlockKitSection } from './BlockKitSection';
import { DatesSection } from './DatesSection';
import { IconsSection } from './IconsSection';
import { KitTableSection } from './KitTableSection';
import { Specimen, State } from './Specimen';
import './kitpage.css';

function SwitchSpecimen() {
  const [on, setOn] = useState(true);
  const [off, setOff] = useState(false);
  return (
    <Specimen id="switch" title="Switch" use="Turns one thing on or off, saved at once.">
      <State label="On">
        <Switch checked={on} onChange={setOn} label="Send intros" stateText={['On', 'Paused']} />
      </State>
      <State label="Off, with description">
        <Switch checked={off} onChange={setOff} label="Ask for feedback" description="A DM two days after each intro" />
      </State>
      <State label="Busy (saving)">
        <Switch checked onChange={() => undefined} label="Saving" busy />
      </State>
      <State label="Disabled">
        <Switch checked={false} onChange={() => undefined} label="Needs a paid plan" disabled />
      </State>
      <State label="Small, label hidden">
        <Switch checked onChange={() => undefined} label="Celebrate Ada" hideLabel size="small" />
      </State>
    </Specimen>
  );
}

function ChoiceSpecimens() {
  const [often, setOften] = useState<'1' | '2' | '4'>('2');
  return (
    <>
      <Specimen id="tabs" title="Tabs" use="Sections of one page; arrow keys move between tabs.">
        <State label="With counts and a disabled tab" wide>
          <Tabs
            label="Kinds of dates"
            items={[
              { id: 'birthday', label: 'Birthdays', count: 24, content: <p>24 people have a birthday on file.</p> },
              { id: 'anniversary', label: 'Work anniversaries', count: 18, content: <p>18 people have a start date on file.</p> },
              { id: 'custom', label: 'Custom dates', content: <p>No custom dates yet.</p> },
              { id: 'locked', label: 'Holidays', disabled: true },
            ]}
          />
        </State>
      </Specimen>
      <Specimen id="segmented" title="SegmentedControl" use="Two to five exclusive choices shown at once.">
        <State label="Medium">
          <SegmentedControl
            label="How often"
            options={[
              { value: '1', label: 'Every week' },
              { value: '2', label: 'Every 2 weeks' },
              { value: '4', label: 'Every 4 weeks' },
            ]}
            value={often}
            onChange={setOften}
          />
        </State>
        <State label="Small, label hidden">
          <SegmentedControl label="View" hideLabel size="small" options={[{ value: 'list', label: 'List' }, { value: 'grid', label: 'Grid' }]} value="list" onChange={() => undefined} />
        </State>
        <State label="Disabled">
          <SegmentedControl label="Group size" options={[{ value: '2', label: 'Pairs' }, { value: '3', label: 'Threes' }]} value="2" onChange={() => undefined} disabled />
        </State>
      </Specimen>
    </>
  );
}

function FieldSpecimen() {
  const [name, setName] = useState('Coffee chats');
  const [message, setMessage] = useState('Grab a coffee and get to know each other!');
  const long = 'x'.repeat(1995);
  return (
    <Specimen id="field" title="Field" use="Label, hint, the control, a counter for the server's limit, and the error at the field.">
      <State label="Text, required">
        <TextField label="Program name" required value={name} onChange={setName} maxLength={80} />
      </State>
      <State label="With hint, optional">
        <TextField label="Hashtag" optional hint="Shown in the post's footer" value="" onChange={() => undefined} placeholder="#coffee" />
      </State>
      <State label="Error from the server">
        <TextField label="Start date" value="1994-02-29" onChange={() => undefined} error="February 1994 has only 28 days." />
      </State>
      <State label="Text area with counter" wide>
        <TextAreaField label="Intro message" hint="Sent in every group DM" value={message} onChange={setMessage} maxLength={2000} />
      </State>
      <State label="Near and over the limit" wide>
        <TextAreaField label="Near the limit" value={long} onChange={() => undefined} maxLength={2000} rows={2} />
        <TextAreaField label="Over the limit" value={`${long}overflow`} onChange={() => undefined} maxLength={2000} rows={2} error="Must be at most 2000 characters" />
      </State>
      <State label="Select with an error">
        <Select label="Group size" options={[{ value: '2', label: 'Pairs (2 people)' }, { value: '3', label: 'Groups of 3' }]} value="3" error="Groups of 3 need at least 6 people in the channel." />
      </State>
      <State label="Any control (render function)">
        <Field label="Day" hint="When the round starts">
          {(control) => (
            <select className="kit-input" {...control} defaultValue="1">
              <option value="1">Monday</option>
              <option value="2">Tuesday</option>
            </select>
          )}
        </Field>
      </State>
    </Specimen>
  );
}

function InlineErrorSpecimen() {
  return (
    <Specimen id="inlineerror" title="InlineError" use="Something inside a page failed (a list, a save): what happened, and Try again when that can help.">
      <State label="A list that did not load" wide>
        <InlineError onRetry={() => toastSuccess('Trying again…')}>We couldn't load the templates.</InlineError>
      </State>
      <State label="With a way out">
        <InlineError
          action={
            <a className="text-link" href="#inlineerror">
              Open it
            </a>
          }
        >
          #intros already has Intros.
        </InlineError>
      </State>
      <State label="In a form or modal (text)">
        <InlineError variant="text">The card was declined.</InlineError>
      </State>
    </Specimen>
  );
}

function StatesSpecimen() {
  return (
    <Specimen id="pagestate" title="PageState" use="Every page before its content: loading, failed, not there, empty.">
      <State label="Loading skeleton" wide>
        <PageSkeleton cards={1} />
      </State>
      <State label="Loading lines">
        <SkeletonLines lines={3} />
      </State>
      <State label="Error with Try again" wide>
        <ErrorState message="The server did not answer. Check your connection." onRetry={() => toastSuccess('Trying again…')} />
      </State>
      <State label="Not found (no Try again)" wide>
        <NotFoundState what="program" backTo="/all_channels" backLabel="See all programs" />
      </State>
      <State label="Empty" wide>
        <EmptyState icon={<UsersIcon />} title="No members yet" action={<button className="button button-primary">Invite people</button>}>
          People who join #intros appear here.
        </EmptyState>
      </State>
    </Specimen>
  );
}

function DialogSpecimens() {
  const [sending, setSending] = useState(false);
  return (
    <>
      <Specimen id="confirm" title="ConfirmDialog" use="Asks before an action that reaches people or cannot be undone, naming it.">
        <State label="Normal">
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              openModal((close) => (
                <ConfirmDialog title="Pause Intros?" confirmText="Pause Intros" onConfirm={() => void toastSuccess('Intros paused.')} onClose={close}>
                  <p>No one in #intros gets a new intro until you turn it back on.</p>
                </ConfirmDialog>
              ))
            }
          >
            Open a confirmation
          </button>
        </State>
        <State label="Destructive">
          <button
            type="button"
            className="button button-danger"
            onClick={() =>
              openModal((close) => (
                <ConfirmDialog title="Delete this program?" confirmText="Delete program" danger onConfirm={() => void toastSuccess('Deleted.')} onClose={close}>
                  <p>Its history and reports go too. This can't be undone.</p>
                </ConfirmDialog>
              ))
            }
          >
            Open a destructive confirmation
          </button>
        </State>
      </Specimen>
      <Specimen id="sendnow" title="SendNowButton" use="Sends a round now, after saying who gets what and where.">
        <State label="Ready">
          <SendNowButton
            summary={() => new Promise((r) => setTimeout(() => r({ text: '12 group DMs to 24 people in #intros', details: ['2 people sit out this round.'] }), 300))}
            onSend={async () => {
              setSending(true);
              setTimeout(() => {
                setSending(false);
                toastSuccess('Sent 12 group DMs to 24 people in #intros.');
              }, 1200);
            }}
            sending={sending}
          />
        </State>
        <State label="Sending">
          <SendNowButton summary="" onSend={async () => undefined} sending />
        </State>
        <State label="Disabled">
          <SendNowButton summary="" onSend={async () => undefined} disabled disabledReason="Turn the program on to send now" />
        </State>
      </Specimen>
      <Specimen id="toast" title="Toasts" use="Says what happened, honestly, after it happened.">
        <State label="Kinds">
          <div className="button-row">
            <button type="button" className="button button-secondary" onClick={() => toastSuccess('Your preferences have been saved.')}>
              Success
            </button>
            <button type="button" className="button button-secondary" onClick={() => toastError()}>
              Error
            </button>
            <button type="button" className="button button-secondary" onClick={() => showToast('Sending 12 group DMs…')}>
              Standard
            </button>
          </div>
        </State>
      </Specimen>
    </>
  );
}

function PickerSpecimens() {
  const [zone, setZone] = useState('America/New_York');
  const today = todayIn('America/New_York');
  const [range, setRange] = useState<DateRange>({ from: addPlainDays(today, -29), to: today });
  const [day, setDay] = useState<string | null>(today);
  const [since, setSince] = useState<string | null>(null);
  return (
    <>
      <Specimen id="timezone" title="TimeZoneSelect" use="Picks an IANA zone by city or offset.">
        <State label="Searchable">
          <TimeZoneSelect value={zone} onChange={setZone} />
        </State>
        <State label="Disabled">
          <TimeZoneSelect value="Europe/Berlin" onChange={() => undefined} disabled />
        </State>
      </Specimen>
      <Specimen id="datefield" title="DateField" use="A plain date, typed as mm/dd/yyyy or picked on the calendar; an optional one can be cleared.">
        <State label="Any day">
          <DateField label="Start date" value={day} onChange={setDay} today={today} hint="The day it starts, in each person's own zone." />
        </State>
        <State label="Weekdays only, a window marked">
          <DateField label="Meeting date" weekends={false} value={null} onChange={() => undefined} today={today} highlightFrom={today} highlightUntil={addPlainDays(today, 14)} />
        </State>
        <State label="Optional, with Clear once set (a filter)">
          <DateField label="From date" optional value={since} onChange={setSince} today={today} />
        </State>
        <State label="Disabled">
          <DateField label="Sent on" value={today} onChange={() => undefined} disabled />
        </State>
      </Specimen>
      <Specimen id="daterange" title="DateRangePicker" use="The period of a report: presets or a custom range.">
        <State label="Presets and custom" wide>
          <DateRangePicker value={range} onChange={setRange} today={today} />
        </State>
      </Specimen>
      <Specimen id="ownership" title="OwnershipSection" use="Owner, editors and people with access on a program's settings.">
        <State label="As on a settings page" wide>
          <OwnershipSection
            program={{ owner: { id: 1, name: 'Ada Lovelace' }, permission_users: [{ id: 2, name: 'Grace Hopper', role: 'editor' }] }}
            path="/dev/kit/ownership"
            description="The owner and editors can change this program; people with access can see it."
          />
        </State>
      </Specimen>
    </>
  );
}

const SECTIONS = [
  ['switch', 'Switch'],
  ['tabs', 'Tabs'],
  ['segmented', 'SegmentedControl'],
  ['field', 'Field'],
  ['pagestate', 'PageState'],
  ['inlineerror', 'InlineError'],
  ['confirm', 'ConfirmDialog'],
  ['sendnow', 'SendNowButton'],
  ['toast', 'Toasts'],
  ['timezone', 'TimeZoneSelect'],
  ['datefield', 'DateField'],
  ['daterange', 'DateRangePicker'],
  ['ownership', 'OwnershipSection'],
  ['datatable', 'DataTable'],
  ['blockkit', 'BlockKitPreview'],
  ['dates', 'Dates'],
  ['icons', 'Icons'],
] as const;

/** /dev/kit (development only): every kit component in every state, for designers and for the Chromium test. */
export default function KitPage() {
  return (
    <div className="kit-page">
      <PageHeader title="Kit" subtitle="Every shared component in every state. Development only." />
      <nav className="small kit-toc" aria-label="Components">
        {SECTIONS.map(([id, label]) => (
          <a key={id} href={`#${id}`}>
            {label}
          </a>
        ))}
      </nav>
      <SwitchSpecimen />
      <ChoiceSpecimens />
      <FieldSpecimen />
      <StatesSpecimen />
      <InlineErrorSpecimen />
      <DialogSpecimens />
      <PickerSpecimens />
      <KitTableSection />
      <BlockKitSection />
      <DatesSection />
      <IconsSection />
    </div>
  );
}
