import { OwnershipSection } from '../../../kit';
import { shortDate, useNewHires, type CelebrationAnswer } from '../celebrationsApi';
import { Avatar, useRefresh } from './shared';

/** Start dates in the next 90 days. */
export function NewHires() {
  const { data } = useNewHires();
  const hires = data?.new_hires ?? [];
  return (
    <section className="card cel-section" aria-labelledby="cel-hires-title">
      <h2 id="cel-hires-title" className="card-title">Starting soon</h2>
      {hires.length === 0 ? (
        <p className="muted">No start dates in the next 90 days.</p>
      ) : (
        <ul className="cel-hires">
          {hires.map((h) => (
            <li key={h.user_id ?? `${h.source}:${h.email ?? h.name}:${h.start_date}`}>
              <Avatar name={h.name} url={h.avatar_url} />
              <span>
                <strong>{h.name}</strong>
                <span className="muted">
                  {shortDate(h.start_date)} · {h.days_until === 0 ? 'today' : h.days_until === 1 ? 'tomorrow' : `in ${h.days_until} days`}
                </span>
                {h.user_id === null && (
                  <span className="muted">
                    {['Not in Slack yet', h.job_title, h.department, h.location].filter(Boolean).join(' · ')}
                    {h.source === 'ats' ? ' (applicant tracking)' : ' (HR system)'}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function Ownership({ data, id }: { data: CelebrationAnswer; id: string }) {
  const refresh = useRefresh(id);
  return (
    <OwnershipSection
      program={data.program}
      path={`/celebrations/${id}/update_ownership_as_json`}
      description="The owner and editors can change this program; people with access can see it. “Nothing to post” notes go to the owner."
      onSaved={() => void refresh('program')}
    />
  );
}
