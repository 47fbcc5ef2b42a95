import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../api/client';
import { AlertIcon, InlineError, RemoteBlockKitPreview, Spinner, useServerPreview } from '../../../kit';
import { formatInstant, hourLabel, roundPreviewQuery, type CoffeePageData, type PersonJson } from '../introsApi';
import { PersonName } from '../../../kit/person';
import { plural } from './lists';
import { Stat } from './Summary';

/** People who share a reason, together: "Not drawn this round (28)" and their names. */
export function groupByWhy<T extends { member: PersonJson; why: string }>(entries: readonly T[]): Array<{ why: string; people: PersonJson[] }> {
  const groups = new Map<string, PersonJson[]>();
  for (const entry of entries) {
    const list = groups.get(entry.why);
    if (list) list.push(entry.member);
    else groups.set(entry.why, [entry.member]);
  }
  return [...groups].map(([why, people]) => ({ why, people: people.sort((a, b) => a.name.localeCompare(b.name)) }));
}

function PeopleByWhy({ title, id, entries }: { title: string; id: string; entries: ReadonlyArray<{ member: PersonJson; why: string }> }) {
  if (entries.length === 0) return null;
  return (
    <section className="aside-list" aria-labelledby={id}>
      <h3 id={id} className="card-title">
        {title} <span className="segment-count">{entries.length}</span>
      </h3>
      <dl className="why-list">
        {groupByWhy(entries).map((group) => (
          <div key={group.why} className="panel why-group">
            <dt className="muted small strong-text why-text">{group.why}</dt>
            <dd>
              <ul className="why-people" aria-label={group.why}>
                {group.people.map((person) => (
                  <li key={person.id}>
                    <PersonName person={person} />
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A dry run of the next round (groups, reasons, who is left out) and the intro its first group would get. */
export function PreviewTab({ data, id }: { data: CoffeePageData; id: string }) {
  const preview = useQuery({ ...roundPreviewQuery(id), staleTime: 0 });
  const intro = useServerPreview(`/coffee/${id}/preview_as_json`, {});
  const { config } = data;
  const p = preview.data;
  return (
    <div className="preview-tab">
      <div className="tab-toolbar">
        <p className="muted tab-lead">
          A dry run of the next round with today’s members and history. Nothing is sent or saved; the real round may differ if people join,
          leave or snooze.
        </p>
        <button type="button" className="button button-primary" disabled={preview.isFetching} onClick={() => void preview.refetch()}>
          {preview.isFetching && <Spinner title="" />} Preview next round
        </button>
      </div>
      {preview.isPending ? (
        <div className="page-loading" role="status">
          <Spinner /> Working out the next round…
        </div>
      ) : preview.isError ? (
        <InlineError>{errorText(preview.error, 'We couldn’t preview the next round.')}</InlineError>
      ) : p ? (
        <div className="refreshing preview-result" aria-busy={preview.isFetching || undefined}>
          <dl className="stat-row">
            <Stat label="Round" value={`#${p.round_number}`} hint={p.scheduled_for ? formatInstant(p.scheduled_for, config.tz) : 'Not scheduled'} />
            <Stat label="Groups" value={p.groups.length} hint={`${p.stats.grouped} of ${plural(p.stats.candidates, 'person', 'people')}`} />
            <Stat
              label="Repeat pairs"
              value={p.stats.repeatPairs}
              hint={p.stats.pairs > 0 ? `of ${plural(p.stats.pairs, 'pair')}` : undefined}
            />
            <Stat label="Left out" value={p.left_out.length} />
          </dl>
          {p.problem && (
            <p className="notice notice-warning" role="status">
              <AlertIcon /> {p.problem.message}
            </p>
          )}
          {p.groups.length > 0 && (
            <ol className="group-grid" aria-label="Groups in the next round">
              {p.groups.map((g, index) => (
                <li key={g.members.map((m) => m.id).join('-') || index} className="panel group-card">
                  <span className="eyebrow-text">Group {index + 1}</span>
                  <ul className="group-members">
                    {g.members.map((m) => (
                      <li key={m.id}>
                        <PersonName person={m} />
                      </li>
                    ))}
                  </ul>
                  <p className={g.reason.startsWith('First time') ? 'divided-block small text-success strong-text group-reason' : 'divided-block muted small group-reason'}>{g.reason}</p>
                </li>
              ))}
            </ol>
          )}
          {p.groups.length > 0 && (
            <section className="intro-preview" aria-labelledby="intro-preview-title">
              <h3 id="intro-preview-title">What group 1 gets</h3>
              <RemoteBlockKitPreview query={intro} userNames={intro.data?.user_names} label="Intro preview" time={hourLabel(config.occurrence_hour)} />
            </section>
          )}
          <PeopleByWhy title="Left out this round" id="left-out-title" entries={p.left_out} />
          <PeopleByWhy title="Not taking part" id="excluded-title" entries={p.excluded} />
        </div>
      ) : null}
    </div>
  );
}
