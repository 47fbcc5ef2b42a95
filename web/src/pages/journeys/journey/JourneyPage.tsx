import { useQuery } from '@tanstack/react-query';
import { Archive, ArchiveRestore, CalendarDays, FlaskConical, Layers, UserPlus, Users, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useSearchParam } from '../../../api/searchParams';
import { Callout, ConfirmDialog, openModal, PageState, StatusPill, Tabs, toastSuccess } from '../../../kit';
import { JourneyEnrollment } from '../../enrollment/JourneyEnrollment';
import { PageHeader } from '../../PageHeader';
import { tagQuery, useUpdateTag, type Flow, type SessionJson, type TagDetail } from '../api/journeysApi';
import { DryRunPanel, type DryRunSubject } from '../dryrun/DryRunPanel';
import { FlowBadge } from '../lib/labels';
import { plural } from '../lib/schedule';
import { RolesTab } from '../roles/RolesTab';
import { ScheduleTab } from './ScheduleTab';
import { SessionsTab } from './SessionsTab';
import '../journeys.css';

const TAB_IDS = ['schedule', 'roles', 'people', 'dry_run', 'enrollment'] as const;
type TabId = (typeof TAB_IDS)[number];

function isTab(value: string | null): value is TabId {
  return (TAB_IDS as readonly string[]).includes(value ?? '');
}

function ArchiveButton({ data, flow }: { data: TagDetail; flow: Flow }) {
  const { tag } = data;
  const update = useUpdateTag(flow, tag.id);
  const set = async (archived: boolean) => {
    await update.mutateAsync({ onboarding_tag: { archived } });
    toastSuccess(archived ? `Archived ${tag.name}. Nobody new can be enrolled.` : `${tag.name} is running again.`);
  };
  if (tag.archived)
    return (
      <button type="button" className="button button-secondary" disabled={update.isPending} onClick={() => void set(false).catch(() => undefined)}>
        <ArchiveRestore size={16} aria-hidden="true" /> Unarchive
      </button>
    );
  return (
    <button
      type="button"
      className="button button-secondary"
      onClick={() =>
        openModal((close) => (
          <ConfirmDialog title={`Archive ${tag.name}?`} confirmText="Archive journey" onClose={close} onConfirm={() => set(true)}>
            <p>Nobody new can be enrolled. The {plural(tag.num_active_sessions, 'person', 'people')} on it now keep getting their messages.</p>
          </ConfirmDialog>
        ))
      }
    >
      <Archive size={16} aria-hidden="true" /> Archive
    </button>
  );
}

function Header({ data, flow }: { data: TagDetail; flow: Flow }) {
  const { tag } = data;
  return (
    <PageHeader
      title={
        <>
          {tag.name} {tag.archived && <StatusPill>Archived</StatusPill>}
        </>
      }
      subtitle={
        <span className="journey-meta">
          <FlowBadge flow={tag.flow_type} />
          <span>{plural(tag.num_active_events, 'active message')}</span>
          <span>{plural(tag.num_active_sessions, 'person', 'people')} on it now</span>
        </span>
      }
      actions={
        data.can_edit && (
          <>
            <ArchiveButton data={data} flow={flow} />
            <Link className="button button-secondary" to={`/${flow}/tags/${tag.id}/manual_enrollment`}>
              Enroll people
            </Link>
            {flow === 'onboarding' && (
              <Link className="button button-secondary" to={`/onboarding/tags/${tag.id}/presets`}>
                <Layers size={16} aria-hidden="true" /> Presets
              </Link>
            )}
          </>
        )
      }
    />
  );
}

/** /{flow}/tags/{id}: one journey: its schedule (calendar or list), roles, people, the dry run and its enrollment (self-enrollment, surveys). */
export default function JourneyPage() {
  const { id } = useParams();
  const location = useLocation();
  const flow: Flow = location.pathname.startsWith('/participants') ? 'participants' : 'onboarding';
  const tag = useQuery(tagQuery(flow, id));
  const [tabParam, setTab] = useSearchParam('tab');
  const tab: TabId = isTab(tabParam) ? tabParam : 'schedule';
  const [subject, setSubject] = useState<DryRunSubject | undefined>();
  const dryRunFor = (s: SessionJson) => {
    setSubject(s.participant ? { userId: s.participant.id, userName: s.participant.name } : undefined);
    setTab('dry_run');
  };

  return (
    <div className="journeys-page">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to={`/${flow}/tags`}>{flow === 'onboarding' ? 'Onboarding journeys' : 'Journeys'}</Link>
      </nav>
      <PageState headingLevel={1} query={tag} what="journey" backTo={`/${flow}/tags`} backLabel="Back to journeys">
        {(data) => (
          <>
            <Header data={data} flow={flow} />
            {data.can_edit ? (
              <Tabs<TabId>
                label="Journey"
                value={tab}
                onChange={(next) => setTab(next === 'schedule' ? null : next)}
                items={[
                  { id: 'schedule', label: 'Schedule', icon: <CalendarDays size={16} aria-hidden="true" />, count: data.events.filter((e) => e.active).length, content: tab === 'schedule' ? <ScheduleTab flow={flow} data={data} /> : null },
                  { id: 'roles', label: 'Roles', icon: <UsersRound size={16} aria-hidden="true" />, count: data.tag.roleIds.length, content: tab === 'roles' ? <RolesTab flow={flow} data={data} /> : null },
                  { id: 'people', label: 'People', icon: <Users size={16} aria-hidden="true" />, count: data.tag.num_sessions, content: tab === 'people' ? <SessionsTab flow={flow} data={data} onDryRun={dryRunFor} /> : null },
                  { id: 'dry_run', label: 'Dry run', icon: <FlaskConical size={16} aria-hidden="true" />, content: tab === 'dry_run' ? <DryRunPanel key={subject?.userId ?? 'none'} flow={flow} data={data} subject={subject} /> : null },
                  { id: 'enrollment', label: 'Enrollment', icon: <UserPlus size={16} aria-hidden="true" />, content: tab === 'enrollment' ? <JourneyEnrollment base={`/${flow}/tags/${data.tag.id}`} /> : null },
                ]}
              />
            ) : (
              <Callout>Only admins and the people who run this journey see its schedule, people and dry run. Ask an admin if you should be one of them.</Callout>
            )}
          </>
        )}
      </PageState>
    </div>
  );
}
