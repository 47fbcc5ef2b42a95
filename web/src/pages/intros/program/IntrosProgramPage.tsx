import { Link, useParams } from 'react-router';
import { useSearchParam } from '../../../api/searchParams';
import { AlertIcon, PageState, Spinner, Tabs, toastSuccess } from '../../../kit';
import { PageHeader } from '../../PageHeader';
import { ProgramStatus, TypeBadge } from '../../programs/AllChannelsPage';
import { SendNowButton } from '../../programs/sendNow';
import { useCoffee, useRefreshCoffee, useUpdateCoffee, type CoffeePageData } from '../introsApi';
import { plural } from './lists';
import { MembersTab } from './MembersTab';
import { PreviewTab } from './PreviewTab';
import { RoundsTab } from './RoundsTab';
import { nextRound, ScheduleLine, Stat } from './Summary';
import '../../programs/programs.css';
import '../intros.css';

const TABS = ['members', 'rounds', 'preview'] as const;
type TabKey = (typeof TABS)[number];
const isTab = (value: string | null): value is TabKey => TABS.some((t) => t === value);

function ProgramView({ data, id }: { data: CoffeePageData; id: string }) {
  const [tabParam, setTab] = useSearchParam('tab', 'members');
  const tab: TabKey = isTab(tabParam) ? tabParam : 'members';
  const refresh = useRefreshCoffee(id);
  const update = useUpdateCoffee(id);
  const toggling = update.isPending;
  const { program, config, member_counts: counts } = data;

  // The API client shows a failure.
  const toggleActive = () =>
    update.mutate(
      { is_active: !program.is_active },
      { onSuccess: () => toastSuccess(program.is_active ? 'Intros are paused. No rounds go out until you activate them again.' : 'Intros are active again.') },
    );

  const next = nextRound(data);
  return (
    <section className="intros-page" aria-labelledby="intros-title">
      <PageHeader
        title={
          <span id="intros-title" className="title-with-badges">
            {program.channel}
            <TypeBadge type={program.type} />
            <ProgramStatus active={program.is_active} />
          </span>
        }
        subtitle={<ScheduleLine data={data} />}
        actions={
          data.can_edit && (
            <>
              <SendNowButton program={program} onSent={refresh} />
              <button type="button" className="button button-secondary" disabled={toggling} onClick={toggleActive}>
                {toggling && <Spinner title="" />}
                {program.is_active ? 'Pause' : 'Activate'}
              </button>
              <Link className="button button-primary" to={`/coffee/${id}/edit`}>
                Edit settings
              </Link>
            </>
          )
        }
      />

      <dl className="stat-row">
        <Stat label="Taking part" value={counts.active} hint={`of ${plural(data.members_page.total, 'person', 'people')} in the channel`} />
        <Stat label="Snoozed" value={counts.snoozed} />
        <Stat label="Opted out" value={counts.opted_out} />
        <Stat label="Ghosts" value={counts.ghost} hint={counts.ghost > 0 ? 'Not answering' : undefined} />
        <Stat label="Next round" value={next.value} hint={next.hint} />
      </dl>
      {config.max_participants !== null && counts.active > config.max_participants && (
        <p className="notice notice-warning">
          <AlertIcon /> The free plan pairs up to {config.max_participants} people a round; {counts.active - config.max_participants} will wait for
          the next one.
        </p>
      )}

      <div className="card tabs-card">
        <Tabs<TabKey>
          label="Intros program"
          value={tab}
          onChange={(t) => setTab(t, { replace: true })}
          items={[
            { id: 'members', label: 'Members', content: tab === 'members' && <MembersTab data={data} id={id} /> },
            { id: 'rounds', label: 'Rounds', content: tab === 'rounds' && <RoundsTab data={data} id={id} /> },
            { id: 'preview', label: 'Preview next round', content: tab === 'preview' && <PreviewTab data={data} id={id} /> },
          ]}
        />
      </div>
    </section>
  );
}

/** /coffee/{id}: an Intros program: who takes part, its rounds, and a dry run of the next one. */
export default function IntrosProgramPage() {
  const { id = '' } = useParams();
  const coffee = useCoffee(id);
  return (
    <PageState headingLevel={1} query={coffee} what="Intros program" backTo="/all_channels?type=intros" backLabel="All Intros programs">
      {(data) => <ProgramView data={data} id={id} />}
    </PageState>
  );
}
