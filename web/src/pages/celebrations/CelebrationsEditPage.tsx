import { Link, useParams } from 'react-router';
import { PageState, PartyIcon, zoneName } from '../../kit';
import { SendNowButton } from '../programs/sendNow';
import { PageHeader } from '../PageHeader';
import { hourLabel, longDate, useCelebration } from './celebrationsApi';
import { ActiveSwitch } from './edit/ActiveSwitch';
import { ComingUp } from './edit/ComingUp';
import { ImportDates } from './edit/ImportDates';
import { Messages } from './edit/Messages';
import { NewHires, Ownership } from './edit/NewHires';
import { PeopleAndDates } from './edit/PeopleAndDates';
import { Settings } from './edit/Settings';
import '../programs/programs.css';
import './celebrations.css';

/** /celebrations/{id}/edit: one Celebrations program, its people and dates, messages, settings and owners. */
export default function CelebrationsEditPage() {
  const { id = '' } = useParams();
  const query = useCelebration(id);
  return (
    <PageState headingLevel={1} query={query} what="celebrations program" backTo="/celebrations" backLabel="All celebrations">
      {(data) => {
        const c = data.celebration;
        const next = data.program.next_occurrence_on;
        return (
          <div className="cel-page">
            <PageHeader
              title={
                <span className="cel-title">
                  <PartyIcon /> Celebrations in {data.program.channel}
                </span>
              }
              subtitle={
                <>
                  Posts at {hourLabel(c.posting_hour)} {zoneName(c.time_zone)} time{next ? ` · Next celebration ${longDate(next)}` : ''} ·{' '}
                  <a className="text-link" href={data.program.send_now_data.slack_url} target="_blank" rel="noreferrer">
                    Open in Slack
                  </a>
                </>
              }
              actions={
                <>
                  <ActiveSwitch data={data} id={id} />
                  <SendNowButton program={data.program} />
                </>
              }
            />
            <p className="small cel-crumbs">
              <Link className="text-link" to="/celebrations">
                ← All celebrations
              </Link>
            </p>
            <div className="cel-layout">
              <div className="cel-main">
                <ComingUp data={data} id={id} />
                <PeopleAndDates data={data} id={id} />
                <Messages key={[c.birthday_template, c.anniversary_template, c.images.birthday, c.images.anniversary, c.images.custom].join('|')} data={data} id={id} />
              </div>
              <aside className="cel-aside">
                <Settings data={data} id={id} />
                <ImportDates id={id} />
                <NewHires />
                <Ownership data={data} id={id} />
              </aside>
            </div>
          </div>
        );
      }}
    </PageState>
  );
}
