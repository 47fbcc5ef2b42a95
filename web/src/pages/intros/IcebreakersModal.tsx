import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { InlineError, Modal, Spinner, Switch, Tabs } from '../../kit';
import { icebreakerLibraryQuery, icebreakersQuery, useAddIcebreaker, useToggleIcebreaker, type IcebreakerJson } from './introsApi';

/** The question most groups see first: icebreakers in use are picked at random for each intro. */
export const ICEBREAKER_MAX_LENGTH = 300;

/** A switch (role=switch) for one icebreaker: on means it can be asked. */
function IcebreakerRow({ icebreaker, programId, themeLabel }: { icebreaker: IcebreakerJson; programId: string; themeLabel: (key: string) => string }) {
  const toggle = useToggleIcebreaker(programId);
  const id = useId();
  const active = icebreaker.active;
  return (
    <li className="icebreaker-row">
      <span id={id} className={active ? 'icebreaker-question' : 'icebreaker-question muted'}>
        {icebreaker.question}
      </span>
      <span className="muted small icebreaker-theme">{icebreaker.library_key ? themeLabel(icebreaker.theme) : 'Your own'}</span>
      <Switch
        checked={active}
        label={icebreaker.question}
        hideLabel
        size="small"
        stateText={['On', 'Off']}
        busy={toggle.isPending}
        onChange={() => toggle.mutate({ icebreakerId: icebreaker.id, active: !active })}
      />
    </li>
  );
}

export function IcebreakersModal({ programId, onClose }: { programId: string; onClose: () => void }) {
  const list = useQuery(icebreakersQuery(programId));
  const [view, setView] = useState<'mine' | 'library'>('mine');
  const library = useQuery(icebreakerLibraryQuery);
  const [theme, setTheme] = useState<string>('all');
  const [question, setQuestion] = useState('');
  const addIcebreaker = useAddIcebreaker(programId);
  const [addingKey, setAddingKey] = useState<string | null>(null);
  const adding = addIcebreaker.isPending ? addingKey : null;
  const inputId = useId();

  const have = useMemo(() => new Set((list.data ?? []).map((i) => i.library_key).filter(Boolean)), [list.data]);
  const activeCount = (list.data ?? []).filter((i) => i.active).length;

  // The API client shows a failure.
  const add = (body: { question: string; theme: string } | { library_key: string }, key: string) => {
    setAddingKey(key);
    addIcebreaker.mutate(body, { onSuccess: () => 'question' in body && setQuestion('') });
  };

  const libraryItems = (library.data?.icebreakers ?? []).filter((i) => theme === 'all' || i.theme === theme);
  const themeLabel = (key: string) => library.data?.themes.find((t) => t.key === key)?.label ?? key;

  return (
    <Modal
      title="Icebreakers"
      onClose={onClose}
      size="large"
      className="icebreakers-modal"
      footer={
        <button type="button" className="button button-primary" onClick={onClose}>
          Done
        </button>
      }
    >
      <p className="muted">
        Each intro comes with one icebreaker, picked from the ones switched on. {list.data ? `${activeCount} of ${list.data.length} are on.` : ''}
      </p>
      <Tabs<'mine' | 'library'>
        label="Icebreakers"
        value={view}
        onChange={setView}
        items={[
          { id: 'mine', label: 'This program' },
          { id: 'library', label: 'From the library' },
        ]}
      />

      {view === 'mine' ? (
        <div className="icebreakers-mine">
          <form
            className="add-own"
            onSubmit={(e) => {
              e.preventDefault();
              const text = question.trim();
              if (text) add({ question: text, theme: 'custom' }, 'own');
            }}
          >
            <label htmlFor={inputId} className="field-label">
              Add your own
            </label>
            <div className="inline-form">
              <input
                id={inputId}
                className="kit-input"
                value={question}
                maxLength={ICEBREAKER_MAX_LENGTH}
                placeholder="What is a small thing that made your week?"
                onChange={(e) => setQuestion(e.target.value)}
              />
              <button type="submit" className="button button-primary" disabled={!question.trim() || adding === 'own'}>
                {adding === 'own' && <Spinner title="" />} Add
              </button>
            </div>
          </form>
          {list.isPending ? (
            <p className="page-loading" role="status">
              <Spinner /> Loading icebreakers…
            </p>
          ) : list.isError ? (
            <InlineError>We couldn’t load the icebreakers.</InlineError>
          ) : list.data.length === 0 ? (
            <p className="muted">No icebreakers yet. Add your own, or pick some from the library.</p>
          ) : (
            <ul className="framed-list icebreaker-list" aria-label="Icebreakers of this program">
              {list.data.map((i) => (
                <IcebreakerRow key={i.id} icebreaker={i} programId={programId} themeLabel={themeLabel} />
              ))}
            </ul>
          )}
        </div>
      ) : (
        <div className="icebreakers-library">
          {library.isPending ? (
            <p className="page-loading" role="status">
              <Spinner /> Loading the library…
            </p>
          ) : library.isError ? (
            <InlineError>We couldn’t load the library.</InlineError>
          ) : (
            <>
              <div className="chip-filter" role="group" aria-label="Theme">
                {[{ key: 'all', label: 'All themes' }, ...library.data.themes].map((t) => (
                  <button key={t.key} type="button" className="chip chip-button" aria-pressed={theme === t.key} onClick={() => setTheme(t.key)}>
                    {t.label}
                  </button>
                ))}
              </div>
              <ul className="framed-list icebreaker-list" aria-label="Icebreaker library">
                {libraryItems.map((i) => {
                  const added = have.has(i.library_key);
                  return (
                    <li key={i.library_key} className="icebreaker-row">
                      <span className="icebreaker-question">{i.question}</span>
                      <span className="muted small icebreaker-theme">{themeLabel(i.theme)}</span>
                      {added ? (
                        <span className="muted small">Added</span>
                      ) : (
                        <button
                          type="button"
                          className="button button-secondary"
                          disabled={adding === i.library_key}
                          aria-label={`Add “${i.question}”`}
                          onClick={() => add({ library_key: i.library_key }, i.library_key)}
                        >
                          {adding === i.library_key && <Spinner title="" />} Add
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
