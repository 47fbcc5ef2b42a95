import { Link, useParams } from 'react-router';
import { CoffeeIcon, EmptyState, OwnershipSection, PageState, RemoteBlockKitPreview, SparklesIcon, useServerPreview, zoneName } from '../../kit';
import { PageHeader } from '../PageHeader';
import { EngagementSection } from './EngagementSection';
import { PacksSection } from './PacksSection';
import { QueueSection } from './QueueSection';
import { ScheduleSection } from './ScheduleSection';
import { ActiveSwitch, SendPromptNowButton } from './SendNow';
import { upgrade } from './useUpdate';
import { formatSlot, useStoreWatercooler, useWatercooler, type WatercoolerJson } from './watercoolerApi';
import '../programs/programs.css';
import './watercooler.css';

export { SAVE_ERROR_TEXT } from './useUpdate';
export { sentText } from './SendNow';

function Ownership({ wc, id }: { wc: WatercoolerJson; id: string }) {
  const store = useStoreWatercooler(id);
  return (
    <OwnershipSection
      program={wc.program}
      path={`/watercooler/${id}/update_ownership_as_json`}
      description="The owner and editors can change this Watercooler; people with access can see it."
      onSaved={() => store(undefined, { library: false })}
    />
  );
}

/** The next post, as the server's builder makes it from the real queue. */
function NextPromptPreview({ wc, id }: { wc: WatercoolerJson; id: string }) {
  // A pin, a skip or a move changes the queue's order: the new next prompt is drawn.
  const preview = useServerPreview<{ text: string; blocks: unknown[]; prompt_id: number | null }>(`/watercooler/${id}/preview_as_json`, {}, wc.ordered_unsent_prompt_ids);
  const next = wc.schedule.next_slots[0];
  return (
    <section className="card wc-section" aria-labelledby="wc-next-post-title">
      <h2 id="wc-next-post-title" className="card-title">Next post</h2>
      <p className="muted">{next ? `Posted in ${wc.program.channel} ${formatSlot(next, wc.schedule.tz)}.` : `Posted in ${wc.program.channel} when you send one now.`}</p>
      {preview.data?.prompt_id === null ? (
        <EmptyState title="No prompt to post" headingLevel={3}>
          The queue is empty: add a pack or a prompt.
        </EmptyState>
      ) : (
        <RemoteBlockKitPreview query={preview} label="Next prompt preview" />
      )}
    </section>
  );
}

/** /watercooler/{id}/edit: a Watercooler's queue, packs, schedule and engagement. */
export default function WatercoolerPage() {
  const { id = '' } = useParams();
  const query = useWatercooler(id);
  return (
    <PageState headingLevel={1} query={query} what="Watercooler" backTo="/all_channels?type=watercooler" backLabel="All Watercoolers">
      {(wc) => {
      const next = wc.schedule.next_slots[0];
      return (
        <div className="wc-page">
          <PageHeader
            title={
              <span className="wc-title">
                <CoffeeIcon /> Watercooler in {wc.program.channel}
              </span>
            }
            subtitle={
              <>
                {wc.schedule.description}, {zoneName(wc.schedule.tz)} time · {next ? <>next prompt {formatSlot(next, wc.schedule.tz)}</> : 'paused'} ·{' '}
                <a className="text-link" href={wc.program.send_now_data.slack_url} target="_blank" rel="noreferrer">
                  open {wc.program.channel} in Slack
                </a>
              </>
            }
            actions={
              <>
                <ActiveSwitch wc={wc} id={id} />
                <SendPromptNowButton wc={wc} id={id} />
              </>
            }
          />
          <nav className="small wc-crumbs" aria-label="Breadcrumb">
            <Link className="text-link" to="/all_channels?type=watercooler">
              ← All Watercoolers
            </Link>
          </nav>
          {!wc.plan.paidFeatureAccess && (
            <div className="info-box wc-notice" role="note">
              <SparklesIcon />
              <p>
                <strong>Free plan:</strong> this Watercooler posts the Default Dozen and starts again when it has posted them all. Premium unlocks every pack in the library and your own prompts and packs.
              </p>
              <button type="button" className="button button-secondary" onClick={() => upgrade(wc)}>
                See Premium
              </button>
            </div>
          )}
          <div className="wc-layout">
            <div className="wc-main">
              <QueueSection wc={wc} id={id} />
              <PacksSection wc={wc} id={id} />
              <EngagementSection wc={wc} />
            </div>
            <aside className="wc-aside">
              <NextPromptPreview wc={wc} id={id} />
              <ScheduleSection wc={wc} id={id} />
              <Ownership wc={wc} id={id} />
            </aside>
          </div>
        </div>
      );
      }}
    </PageState>
  );
}
