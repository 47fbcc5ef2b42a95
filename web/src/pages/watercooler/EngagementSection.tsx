import { EmptyState, ExternalIcon, StatusPill } from '../../kit';
import { formatDay, formatSlot, type WatercoolerJson } from './watercoolerApi';

/** How people answered the prompts posted so far. */
export function EngagementSection({ wc }: { wc: WatercoolerJson }) {
  const posted = wc.sent.filter((s) => s.state !== 'skipped');
  const replies = posted.reduce((n, s) => n + s.replies, 0);
  const reactions = posted.reduce((n, s) => n + s.reactions, 0);
  return (
    <section className="card wc-section" aria-labelledby="wc-engagement-title">
      <div className="wc-section-head">
        <div>
          <h2 id="wc-engagement-title" className="card-title">Engagement</h2>
          <p className="muted">Replies in each prompt’s thread and reactions on it, counted as they happen.</p>
        </div>
      </div>
      {posted.length === 0 ? (
        <EmptyState title="Nothing posted yet" headingLevel={3}>
          {wc.schedule.next_slots[0] ? `The first prompt goes out ${formatSlot(wc.schedule.next_slots[0], wc.schedule.tz)}.` : 'Turn the Watercooler on to start posting.'}
        </EmptyState>
      ) : (
        <>
          <dl className="stat-row wc-stats">
            <div className="stat">
              <dt className="stat-label">Prompts posted</dt>
              <dd className="stat-value">{posted.length}</dd>
            </div>
            <div className="stat">
              <dt className="stat-label">Replies</dt>
              <dd className="stat-value">{replies}</dd>
            </div>
            <div className="stat">
              <dt className="stat-label">Avg. replies per prompt</dt>
              <dd className="stat-value">{(replies / posted.length).toFixed(1)}</dd>
            </div>
            <div className="stat">
              <dt className="stat-label">Reactions</dt>
              <dd className="stat-value">{reactions}</dd>
            </div>
          </dl>
          <div className="table-scroll">
            <table className="data-table wc-table" aria-label="Sent prompts">
              <thead>
                <tr>
                  <th scope="col">Prompt</th>
                  <th scope="col">Posted</th>
                  <th scope="col" className="cell-number">
                    Replies
                  </th>
                  <th scope="col" className="cell-number">
                    Reactions
                  </th>
                  <th scope="col" className="cell-number">
                    People
                  </th>
                </tr>
              </thead>
              <tbody>
                {posted.map((s) => (
                  <tr key={s.id}>
                    <th scope="row" className="wc-sent-text">
                      {s.permalink ? (
                        <a href={s.permalink} target="_blank" rel="noreferrer" className="row-link">
                          {s.text} <ExternalIcon aria-hidden="true" />
                        </a>
                      ) : (
                        s.text
                      )}
                      {s.source === 'send_now' && <StatusPill tone="success">Sent now</StatusPill>}
                      {s.state === 'sending' && <StatusPill>Sending…</StatusPill>}
                      {s.state === 'failed' && <StatusPill tone="error">Not sent</StatusPill>}
                    </th>
                    <td>{formatDay(s.slot_at, wc.schedule.tz)}</td>
                    <td className="cell-number" data-label="Replies">
                      {s.replies}
                    </td>
                    <td className="cell-number" data-label="Reactions">
                      {s.reactions}
                    </td>
                    <td className="cell-number" data-label="People">
                      {s.participants}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
