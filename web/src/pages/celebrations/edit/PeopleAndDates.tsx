import { useState } from 'react';
import { CakeIcon, openModal, PartyIcon, SparklesIcon, Tabs } from '../../../kit';
import type { CelebrationAnswer, ScheduleJson, ScheduleType } from '../celebrationsApi';
import { AskForDatesModal } from './AskForDatesModal';
import { CustomDates } from './CustomDates';
import { PeopleTable } from './PeopleTable';

/** Birthdays, work anniversaries and custom dates, one tab each. */
export function PeopleAndDates({ data, id }: { data: CelebrationAnswer; id: string }) {
  const c = data.celebration;
  const [tab, setTab] = useState<ScheduleType>(c.birthdays_enabled ? 'birthday' : c.anniversaries_enabled ? 'anniversary' : 'custom');
  const ask = (people: ScheduleJson[]) => {
    if (people.length) openModal((close) => <AskForDatesModal id={id} people={people} onClose={close} />);
  };
  return (
    <section className="card cel-section" aria-labelledby="cel-people-title">
      <h2 id="cel-people-title" className="card-title">People and dates</h2>
      <Tabs<ScheduleType>
        label="Kinds of dates"
        value={tab}
        onChange={setTab}
        items={[
          { id: 'birthday', label: 'Birthdays', icon: <CakeIcon />, content: tab === 'birthday' && <PeopleTable key="birthday" id={id} type="birthday" onAsk={ask} /> },
          { id: 'anniversary', label: 'Work anniversaries', icon: <PartyIcon />, content: tab === 'anniversary' && <PeopleTable key="anniversary" id={id} type="anniversary" onAsk={ask} /> },
          { id: 'custom', label: 'Custom dates', icon: <SparklesIcon />, content: tab === 'custom' && <CustomDates id={id} data={data} /> },
        ]}
      />
    </section>
  );
}
