import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client';
import { POLL_PRESETS, usePoller } from '../../api/polling';
import {
  DEFAULT_SUCCESS_TEXT,
  ExternalIcon,
  openModal,
  openUpgradeModal,
  Select,
  Spinner,
  toastError,
  toastSuccess,
  WarningModal,
  type SelectOption,
  Switch,
  OwnershipSection,
} from '../../kit';
import { PageHeader } from '../PageHeader';
import type { ProgramJson } from '../programs/programsApi';
import { NewPackModal, PackModal, PromptPreviewModal, SuggestionsModal } from './WatercoolerModals';
import {
  formatDay,
  formatSlot,
  hourLabel,
  moveId,
  usePacksLibrary,
  useStoreWatercooler,
  useWatercooler,
  visibleItems,
  watercoolerKey,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type PackJson,
  type QueueItemJson,
  type SuggestionJson,
  type WatercoolerAnswer,
  type WatercoolerJson,
} from './watercoolerApi';
import '../programs/programs.css';
import './watercooler.css';

/** programs.md §8. */
export const SAVE_ERROR_TEXT = 'Error saving settings. Please try again.';
/** programs.md §9: send-now toasts last 10 s. */
const SEND_NOW_TOAST_MS = POLL_PRESETS.sendNow.toastDurationMs;

export const sentText = (channel: string) => `Sent! Your prompt is on its way to ${channel} in Slack.`;

const HOUR_OPTIONS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }));
const MINUTE_OPTIONS = ['00', '15', '30', '45'].map((m) => ({ value: String(Number(m)), label: `:${m}` }));

function timeZoneOptions(current: string): SelectOption[] {
  let zones: string[];
  try {
    zones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  if (!zones.includes(current)) zones = [current, ...zones];
  return zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
}

function upgrade(wc: WatercoolerJson) {
  openUpgradeModal({ feature: 'custom_prompts', trialAvailable: wc.plan.trialAllowed, message: 'Write your own prompts and packs, and use every pack in the library.' });
}

/** PUT /watercooler/{id}/update_as_json with part of the settings; the answer replaces the page's data. */
function useUpdate(id: string) {
  const store = useStoreWatercooler(id);
  return async (watercooler: Record<string, unknown>, success = DEFAULT_SUCCESS_TEXT): Promise<boolean> => {
    try {
      store(await api.put<WatercoolerAnswer>(`/watercooler/${id}/update_as_json`, { watercooler }, { errorText: SAVE_ERROR_TEXT }), { library: false });
      if (success) toastSuccess(success);
      return true;
    } catch {
      return false;
    }
  };
}

// ---- send now ----------------------------------------------------------------------------------------------------

/**
 * POST /watercooler/{id}/send_prompt_as_json, then GET /watercooler/{id}/send_now_complete_as_json every 3 s, at
 * most 40 times (POLL_PRESETS.sendNow); a send already under way when the page opens resumes polling.
 */
function SendNowButton({ wc, id }: { wc: WatercoolerJson; id: string }) {
  const client = useQueryClient();
  const [requesting, setRequesting] = useState(false);
  const channel = wc.program.channel;
  const poller = usePoller<{ done: boolean; program: ProgramJson }>({
    preset: POLL_PRESETS.sendNow,
    poll: (signal) => api.get(`/watercooler/${id}/send_now_complete_as_json`, { signal, toastOnError: false }),
    isDone: (s) => Boolean(s?.done),
    onSettled: (outcome) => {
      if (outcome.status === 'done') toastSuccess(sentText(channel), SEND_NOW_TOAST_MS);
      else if (outcome.status === 'error') toastError(outcome.message, SEND_NOW_TOAST_MS);
      void client.invalidateQueries({ queryKey: watercoolerKey(id) });
    },
  });
  const resumed = useRef(false);
  const { start } = poller;
  useEffect(() => {
    if (resumed.current || !wc.program.send_now_data.isLoading) return;
    resumed.current = true;
    void start({ immediate: true });
  }, [wc.program.send_now_data.isLoading, start]);

  const send = async () => {
    setRequesting(true);
    try {
      await api.post(`/watercooler/${id}/send_prompt_as_json`, {});
    } catch {
      setRequesting(false);
      return;
    }
    setRequesting(false);
    resumed.current = true;
    void poller.start();
  };
  const sending = requesting || poller.status === 'polling';
  const empty = wc.ordered_unsent_prompt_ids.length === 0 && !wc.topicsQueue.prompts.some((p) => p.status === 'sent');
  const reason = !wc.is_active ? 'Turn the Watercooler on to send a prompt' : empty ? 'Add a pack or a prompt first' : undefined;
  return (
    <button
      type="button"
      className="button button-primary"
      disabled={sending || Boolean(reason)}
      title={reason}
      aria-busy={sending || undefined}
      aria-label={sending ? `Sending a prompt to ${channel}` : `Send the next prompt to ${channel} now`}
      onClick={() => void send()}
    >
      {sending ? (
        <>
          <Spinner title="" /> Sending…
        </>
      ) : (
        'Send now'
      )}
    </button>
  );
}

function ActiveSwitch({ wc, id }: { wc: WatercoolerJson; id: string }) {
  const update = useUpdate(id);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    await update({ is_active: !wc.is_active }, wc.is_active ? 'Watercooler paused. No prompts will be posted.' : 'Watercooler is on. Prompts will be posted on schedule.');
    setBusy(false);
  };
  return (
    <Switch checked={wc.is_active} label="Watercooler on" hideLabel stateText={['On', 'Paused']} busy={busy} onChange={() => void toggle()} />
  );
}

// ---- the queue ---------------------------------------------------------------------------------------------------

const STATUS_LABEL: Record<QueueItemJson['status'], string> = { pinned: 'Up next (pinned)', queued: 'Queued', sent: 'Sent this round', skipped: 'Skipped' };

function QueueItem({
  item,
  wc,
  first,
  last,
  busy,
  onMove,
  onAdjust,
  onSaveText,
  onDelete,
}: {
  item: QueueItemJson;
  wc: WatercoolerJson;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onAdjust: (kind: 'skip' | 'pin', on: boolean) => void;
  onSaveText: (text: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(item.text);
  const inputId = useId();
  const source = item.is_custom ? 'Your prompt' : `${item.pack_emoji ?? ''} ${item.pack_name ?? 'Pack'}`.trim();
  const unsent = item.status === 'queued' || item.status === 'pinned';
  const preview = () =>
    openModal((close) => (
      <PromptPreviewModal
        text={item.text}
        channel={wc.program.channel}
        source={source}
        when={item.next_at ? formatSlot(item.next_at, wc.schedule.tz) : null}
        onClose={close}
        onPin={item.status !== 'pinned' && item.status !== 'skipped' && item.position !== 1 ? () => onAdjust('pin', true) : undefined}
      />
    ));
  return (
    <li className={`wc-item wc-item-${item.status}`} aria-label={item.text}>
      <span className="wc-num" aria-label={item.position ? `Number ${item.position}` : STATUS_LABEL[item.status]}>
        {item.position ?? (item.status === 'sent' ? '✓' : '–')}
      </span>
      <div className="wc-item-body">
        {editing ? (
          <form
            className="wc-add-row"
            onSubmit={(e) => {
              e.preventDefault();
              void onSaveText(draft).then((ok) => ok && setEditing(false));
            }}
          >
            <label className="visually-hidden" htmlFor={inputId}>
              Edit prompt
            </label>
            <input id={inputId} className="text-input wc-grow" value={draft} maxLength={300} autoFocus onChange={(e) => setDraft(e.target.value)} />
            <button type="submit" className="button button-primary" disabled={!draft.trim() || busy}>
              Save
            </button>
            <button type="button" className="button button-secondary" onClick={() => (setEditing(false), setDraft(item.text))}>
              Cancel
            </button>
          </form>
        ) : (
          <p className="wc-item-text">{item.text}</p>
        )}
        <p className="wc-item-meta">
          <span className={`wc-source${item.is_custom ? ' is-custom' : ''}`}>{source}</span>
          {item.status === 'pinned' && <span className="wc-badge wc-badge-pinned">📌 Pinned</span>}
          {item.status === 'skipped' && <span className="wc-badge wc-badge-skipped">Skipped</span>}
          {item.status === 'sent' && <span className="wc-badge wc-badge-sent">Sent this round</span>}
          {item.next_at && <span className="wc-when">{formatSlot(item.next_at, wc.schedule.tz)}</span>}
        </p>
      </div>
      <div className="wc-row-actions" role="group" aria-label={`Actions for “${item.text}”`}>
        {unsent && item.status !== 'pinned' && (
          <>
            <button type="button" className="icon-button" aria-label="Move up" title="Move up" disabled={busy || first} onClick={() => onMove('up')}>
              ↑
            </button>
            <button type="button" className="icon-button" aria-label="Move down" title="Move down" disabled={busy || last} onClick={() => onMove('down')}>
              ↓
            </button>
          </>
        )}
        <button type="button" className="button button-small button-secondary" onClick={preview}>
          Preview
        </button>
        {item.status !== 'skipped' && (
          <button type="button" className="button button-small button-secondary" disabled={busy} onClick={() => onAdjust('pin', item.status !== 'pinned')}>
            {item.status === 'pinned' ? 'Unpin' : 'Pin'}
          </button>
        )}
        {!item.is_custom && (
          <button type="button" className="button button-small button-secondary" disabled={busy} onClick={() => onAdjust('skip', item.status !== 'skipped')}>
            {item.status === 'skipped' ? 'Unskip' : 'Skip'}
          </button>
        )}
        {item.is_custom && !editing && (
          <>
            <button type="button" className="button button-small button-secondary" disabled={busy || !wc.can_customize} onClick={() => setEditing(true)}>
              Edit
            </button>
            <button type="button" className="button button-small button-danger-quiet" disabled={busy} onClick={onDelete}>
              Delete
            </button>
          </>
        )}
      </div>
    </li>
  );
}

function QueueSection({ wc, id }: { wc: WatercoolerJson; id: string }) {
  const client = useQueryClient();
  const store = useStoreWatercooler(id);
  const update = useUpdate(id);
  const [busy, setBusy] = useState(false);
  const [text, setText] = useState('');
  const addId = useId();
  const items = visibleItems(wc);
  const movable = wc.topicsQueue.prompts.filter((p) => p.status === 'queued').map((p) => p.id);
  const hidden = wc.topicsQueue.prompts.length - items.length;

  const run = async (fn: () => Promise<Partial<WatercoolerAnswer>>, success?: string) => {
    setBusy(true);
    try {
      store(await fn());
      if (success) toastSuccess(success);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  const move = async (item: QueueItemJson, direction: 'up' | 'down') => {
    const pinned = wc.topicsQueue.prompts.filter((p) => p.status === 'pinned').map((p) => p.id);
    const order = moveId(movable, item.id, direction);
    // Optimistic: show the new order now; put the old one back if the server refuses.
    const before = client.getQueryData<WatercoolerJson>(watercoolerKey(id));
    if (before) {
      const byId = new Map(before.topicsQueue.prompts.map((p) => [p.id, p]));
      const unsent = [...pinned, ...order];
      const rest = before.topicsQueue.prompts.filter((p) => p.status === 'sent' || p.status === 'skipped');
      const prompts = [...unsent.map((pid, i) => ({ ...byId.get(pid)!, position: i + 1, next_at: wc.schedule.next_slots[i] ?? null })), ...rest];
      client.setQueryData<WatercoolerJson>(watercoolerKey(id), { ...before, ordered_unsent_prompt_ids: unsent, topicsQueue: { ...before.topicsQueue, prompts, promptIds: prompts.map((p) => p.id) } });
    }
    if (!(await update({ ordered_unsent_prompt_ids: [...pinned, ...order] }, ''))) {
      if (before) client.setQueryData(watercoolerKey(id), before);
    }
  };

  const adjust = (item: QueueItemJson, kind: 'skip' | 'pin', on: boolean) =>
    run(
      () =>
        on
          ? api.post(`/watercooler/${id}/prompt_adjustments/create_as_json`, { prompt_id: item.id, kind })
          : api.delete(`/watercooler/${id}/prompt_adjustments/destroy_as_json`, { body: { prompt_id: item.id, kind } }),
      on ? (kind === 'pin' ? 'Pinned: it goes out next.' : 'Skipped: it won’t be posted here.') : kind === 'pin' ? 'Unpinned.' : 'Back in the queue.',
    );

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!wc.can_customize) return upgrade(wc);
    if (!text.trim()) return;
    if (await run(() => api.post('/watercooler_prompts/create_as_json', { watercooler_id: Number(id), watercooler_prompt: { text } }), 'Prompt added to the queue.')) setText('');
  };

  const suggest = () =>
    openModal((close) => (
      <SuggestionsModal
        title="Prompt ideas"
        path={`/watercooler/${id}/suggest_prompts_as_json`}
        onClose={close}
        onAdd={(chosen: SuggestionJson[]) =>
          run(
            () =>
              api.post('/watercooler_prompts/bulk_create_as_json', {
                watercooler_id: Number(id),
                pack_id: chosen.every((c) => c.pack_id === chosen[0]?.pack_id) ? (chosen[0]?.pack_id ?? null) : null,
                watercooler_prompts: chosen.map((c) => ({ text: c.text })),
              }),
            chosen.length === 1 ? 'Prompt added to the queue.' : `${chosen.length} prompts added to the queue.`,
          )
        }
      />
    ));

  const remove = (item: QueueItemJson) =>
    openModal((close) => (
      <WarningModal title="Delete this prompt?" confirmText="Delete" danger onClose={close} onConfirm={() => void run(() => api.delete(`/watercooler_prompts/${item.id}/destroy_as_json`, { body: { watercooler_id: Number(id) } }), 'Prompt deleted.')}>
        <p>“{item.text}” will be removed from this Watercooler. Prompts already posted stay in Slack.</p>
      </WarningModal>
    ));

  return (
    <section className="card wc-section" aria-labelledby="wc-queue-title">
      <div className="wc-section-head">
        <div>
          <h2 id="wc-queue-title">Up next</h2>
          <p className="muted">
            {wc.ordered_unsent_prompt_ids.length} {wc.ordered_unsent_prompt_ids.length === 1 ? 'prompt' : 'prompts'} to go in round {wc.cycle}. When they have all been posted, the queue starts again.
          </p>
        </div>
        <label className="wc-check">
          <input type="checkbox" checked={wc.hideInactivePrompts} onChange={(e) => void update({ hideInactivePrompts: e.target.checked }, '')} />
          Hide sent and skipped prompts{wc.hideInactivePrompts && hidden > 0 ? ` (${hidden})` : ''}
        </label>
      </div>
      {items.length === 0 ? (
        <div className="empty-state wc-empty">
          <h3>The queue is empty</h3>
          <p className="muted">Add a pack below, or write a prompt of your own.</p>
        </div>
      ) : (
        <ol className="wc-queue" aria-label="Topics queue">
          {items.map((item) => (
            <QueueItem
              key={item.id}
              item={item}
              wc={wc}
              busy={busy}
              first={movable[0] === item.id}
              last={movable.at(-1) === item.id}
              onMove={(d) => void move(item, d)}
              onAdjust={(kind, on) => void adjust(item, kind, on)}
              onSaveText={(t) => run(() => api.put(`/watercooler_prompts/${item.id}/update_as_json`, { watercooler_id: Number(id), watercooler_prompt: { text: t } }), 'Prompt saved.')}
              onDelete={() => remove(item)}
            />
          ))}
        </ol>
      )}
      <form className="wc-add-row wc-add-prompt" onSubmit={(e) => void add(e)}>
        <label className="visually-hidden" htmlFor={addId}>
          Write your own prompt
        </label>
        <input id={addId} className="text-input wc-grow" value={text} maxLength={300} placeholder={wc.can_customize ? 'Write your own prompt, e.g. “What’s the best thing you ate this week?”' : 'Your own prompts are part of Premium'} disabled={!wc.can_customize} onChange={(e) => setText(e.target.value)} />
        {wc.can_customize ? (
          <>
            <button type="submit" className="button button-primary" disabled={busy || !text.trim()}>
              Add prompt
            </button>
            <button type="button" className="button button-secondary" onClick={suggest}>
              Suggest prompts
            </button>
          </>
        ) : (
          <button type="button" className="button button-secondary" onClick={() => upgrade(wc)}>
            🔒 Unlock custom prompts
          </button>
        )}
      </form>
    </section>
  );
}

// ---- packs -------------------------------------------------------------------------------------------------------

function PackCard({ pack, wc, id, onToggle, busy }: { pack: PackJson; wc: WatercoolerJson; id: string; onToggle: () => void; busy: boolean }) {
  const view = () => openModal((close) => <PackModal watercoolerId={id} pack={pack} onClose={close} />);
  return (
    <li className={`wc-pack${pack.subscribed ? ' is-subscribed' : ''}${pack.locked ? ' is-locked' : ''}`}>
      <div className="wc-pack-head">
        <span className="wc-pack-emoji" aria-hidden="true">
          {pack.emoji || '💬'}
        </span>
        <div>
          <h3 className="wc-pack-name">{pack.name}</h3>
          <p className="wc-pack-count">
            {pack.num_prompts} prompts
            {pack.is_free && !pack.is_library ? '' : pack.is_free ? ' · Free plan' : ''}
            {!pack.is_library && ' · Your pack'}
          </p>
        </div>
        {pack.locked && <span className="wc-badge wc-badge-premium">Premium</span>}
      </div>
      <p className="wc-pack-description">{pack.description}</p>
      <div className="wc-pack-actions">
        <button
          type="button"
          className={pack.subscribed || pack.locked ? 'button button-secondary' : 'button button-primary'}
          aria-pressed={pack.subscribed}
          aria-label={pack.subscribed ? `Remove ${pack.name} from the queue` : `Add ${pack.name} to the queue`}
          disabled={busy}
          onClick={pack.locked && !pack.subscribed ? () => upgrade(wc) : onToggle}
        >
          {pack.subscribed ? '✓ In the queue' : pack.locked ? '🔒 Add to queue' : 'Add to queue'}
        </button>
        <button type="button" className="text-button" onClick={view}>
          {pack.can_edit ? 'Edit prompts' : 'See prompts'}
        </button>
      </div>
    </li>
  );
}

function PacksSection({ wc, id }: { wc: WatercoolerJson; id: string }) {
  const { data: packs, isLoading, isError } = usePacksLibrary(id);
  const store = useStoreWatercooler(id);
  const [busy, setBusy] = useState<number | null>(null);
  const toggle = async (pack: PackJson) => {
    setBusy(pack.id);
    try {
      const path = `/watercooler/${id}/watercooler_packs_watercoolers/${pack.subscribed ? 'destroy_as_json' : 'create_as_json'}`;
      store(pack.subscribed ? await api.delete(path, { body: { pack_id: pack.id } }) : await api.post(path, { pack_id: pack.id }));
      toastSuccess(pack.subscribed ? `${pack.name} removed from the queue.` : `${pack.name} added to the queue.`);
    } catch {
      // the API client has told them (or opened the upgrade modal)
    } finally {
      setBusy(null);
    }
  };
  const library = (packs ?? []).filter((p) => p.is_library);
  const own = (packs ?? []).filter((p) => !p.is_library);
  const newPack = () => (wc.can_customize ? openModal((close) => <NewPackModal watercoolerId={id} onClose={close} />) : upgrade(wc));

  return (
    <section className="card wc-section" aria-labelledby="wc-packs-title">
      <div className="wc-section-head">
        <div>
          <h2 id="wc-packs-title">Prompt packs</h2>
          <p className="muted">The queue takes one prompt from each pack in turn, so the channel gets variety.</p>
        </div>
        <button type="button" className="button button-secondary" onClick={newPack}>
          {wc.can_customize ? '+ New pack' : '🔒 New pack'}
        </button>
      </div>
      {isLoading && <p className="page-loading">Loading packs…</p>}
      {isError && <p className="form-error">Uh oh, something went wrong loading the packs. Try reloading?</p>}
      {own.length > 0 && (
        <>
          <h3 className="wc-subhead">Your packs</h3>
          <ul className="wc-packs" aria-label="Your packs">
            {own.map((p) => (
              <PackCard key={p.id} pack={p} wc={wc} id={id} busy={busy === p.id} onToggle={() => void toggle(p)} />
            ))}
          </ul>
        </>
      )}
      {library.length > 0 && (
        <>
          {own.length > 0 && <h3 className="wc-subhead">Hearth’s library</h3>}
          <ul className="wc-packs" aria-label="Packs library">
            {library.map((p) => (
              <PackCard key={p.id} pack={p} wc={wc} id={id} busy={busy === p.id} onToggle={() => void toggle(p)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

// ---- schedule ----------------------------------------------------------------------------------------------------

function ScheduleSection({ wc, id }: { wc: WatercoolerJson; id: string }) {
  const update = useUpdate(id);
  const zones = useMemo(() => timeZoneOptions(wc.schedule.tz), [wc.schedule.tz]);
  const minutes = MINUTE_OPTIONS.some((m) => Number(m.value) === wc.schedule.minute)
    ? MINUTE_OPTIONS
    : [...MINUTE_OPTIONS, { value: String(wc.schedule.minute), label: `:${String(wc.schedule.minute).padStart(2, '0')}` }];
  const toggleDay = (day: number) => {
    const has = wc.schedule.weekdays.includes(day);
    if (has && wc.schedule.weekdays.length === 1) return toastError('Choose at least one day.');
    void update({ weekdays: has ? wc.schedule.weekdays.filter((d) => d !== day) : [...wc.schedule.weekdays, day].sort() });
  };
  return (
    <section className="card wc-section" aria-labelledby="wc-schedule-title">
      <h2 id="wc-schedule-title">Schedule</h2>
      <p className="muted">{wc.schedule.description}, {wc.schedule.tz.replace(/_/g, ' ')} time.</p>
      <fieldset className="wc-days">
        <legend className="field-label">Days</legend>
        {WEEKDAYS.map((d, i) => (
          <button key={d} type="button" className="wc-day" aria-pressed={wc.schedule.weekdays.includes(i + 1)} aria-label={WEEKDAY_NAMES[i]} onClick={() => toggleDay(i + 1)}>
            {d}
          </button>
        ))}
      </fieldset>
      <div className="wc-time-row">
        <Select label="Time" options={HOUR_OPTIONS} value={String(wc.schedule.hour)} onChange={(v) => v[0] && void update({ hour: Number(v[0]), minute: wc.schedule.minute })} />
        <Select aria-label="Minutes" options={minutes} value={String(wc.schedule.minute)} onChange={(v) => v[0] && void update({ hour: wc.schedule.hour, minute: Number(v[0]) })} />
      </div>
      <Select label="Time zone" searchable options={zones} value={wc.schedule.tz} onChange={(v) => v[0] && v[0] !== wc.schedule.tz && void update({ tz: v[0] })} />
      <div className="wc-next">
        <h3 className="field-label">Next prompts</h3>
        {wc.schedule.next_slots.length ? (
          <ul>
            {wc.schedule.next_slots.slice(0, 3).map((s) => (
              <li key={s}>{formatSlot(s, wc.schedule.tz)}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">Paused: nothing is scheduled. Turn the Watercooler on to resume.</p>
        )}
      </div>
    </section>
  );
}

// ---- engagement --------------------------------------------------------------------------------------------------

function EngagementSection({ wc }: { wc: WatercoolerJson }) {
  const posted = wc.sent.filter((s) => s.state !== 'skipped');
  const replies = posted.reduce((n, s) => n + s.replies, 0);
  const reactions = posted.reduce((n, s) => n + s.reactions, 0);
  return (
    <section className="card wc-section" aria-labelledby="wc-engagement-title">
      <div className="wc-section-head">
        <div>
          <h2 id="wc-engagement-title">Engagement</h2>
          <p className="muted">Replies in each prompt’s thread and reactions on it, counted as they happen.</p>
        </div>
      </div>
      {posted.length === 0 ? (
        <div className="empty-state wc-empty">
          <h3>Nothing posted yet</h3>
          <p className="muted">{wc.schedule.next_slots[0] ? `The first prompt goes out ${formatSlot(wc.schedule.next_slots[0], wc.schedule.tz)}.` : 'Turn the Watercooler on to start posting.'}</p>
        </div>
      ) : (
        <>
          <dl className="wc-stats">
            <div>
              <dt>Prompts posted</dt>
              <dd>{posted.length}</dd>
            </div>
            <div>
              <dt>Replies</dt>
              <dd>{replies}</dd>
            </div>
            <div>
              <dt>Avg. replies per prompt</dt>
              <dd>{(replies / posted.length).toFixed(1)}</dd>
            </div>
            <div>
              <dt>Reactions</dt>
              <dd>{reactions}</dd>
            </div>
          </dl>
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
                      <a href={s.permalink} target="_blank" rel="noreferrer" className="program-link">
                        {s.text} <ExternalIcon aria-hidden="true" />
                      </a>
                    ) : (
                      s.text
                    )}
                    {s.source === 'send_now' && <span className="wc-badge wc-badge-sent">Sent now</span>}
                    {s.state === 'sending' && <span className="wc-badge">Sending…</span>}
                    {s.state === 'failed' && <span className="wc-badge wc-badge-failed">Not sent</span>}
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
        </>
      )}
    </section>
  );
}

// ---- ownership ---------------------------------------------------------------------------------------------------

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

// ---- the page ----------------------------------------------------------------------------------------------------

export default function WatercoolerPage() {
  const { id = '' } = useParams();
  const { data: wc, isLoading, isError, error, refetch } = useWatercooler(id);

  if (isLoading)
    return (
      <div className="wc-page">
        <PageHeader title="Watercooler" />
        <p className="page-loading">Loading the Watercooler…</p>
      </div>
    );
  if (isError || !wc) {
    const status = (error as { status?: number } | null)?.status;
    return (
      <div className="wc-page">
        <PageHeader title="Watercooler" />
        <div className="card inline-error" role="alert">
          <p>
            {status === 404
              ? 'This Watercooler does not exist, or it belongs to another workspace.'
              : status === 403
                ? 'Only this Watercooler’s owner, editors and workspace admins can change it.'
                : 'Uh oh, something went wrong. Try again?'}
          </p>
          {status === 404 || status === 403 ? (
            <Link className="button button-secondary" to="/all_channels?type=watercooler">
              All Watercoolers
            </Link>
          ) : (
            <button type="button" className="button button-secondary" onClick={() => void refetch()}>
              Try again
            </button>
          )}
        </div>
      </div>
    );
  }

  const next = wc.schedule.next_slots[0];
  return (
    <div className="wc-page">
      <PageHeader
        title={
          <span className="wc-title">
            <span aria-hidden="true">☕</span> Watercooler in {wc.program.channel}
          </span>
        }
        subtitle={
          <>
            {wc.schedule.description} ({wc.schedule.tz.replace(/_/g, ' ')}) · {next ? <>next prompt {formatSlot(next, wc.schedule.tz)}</> : 'paused'} ·{' '}
            <a className="text-link" href={wc.program.send_now_data.slack_url} target="_blank" rel="noreferrer">
              open {wc.program.channel} in Slack
            </a>
          </>
        }
        actions={
          <>
            <ActiveSwitch wc={wc} id={id} />
            <SendNowButton wc={wc} id={id} />
          </>
        }
      />
      <nav className="wc-crumbs" aria-label="Breadcrumb">
        <Link className="text-link" to="/all_channels?type=watercooler">
          ← All Watercoolers
        </Link>
      </nav>
      {!wc.plan.paidFeatureAccess && (
        <div className="wc-notice" role="note">
          <span aria-hidden="true">✨</span>
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
          <ScheduleSection wc={wc} id={id} />
          <Ownership wc={wc} id={id} />
        </aside>
      </div>
    </div>
  );
}
