import { useId, useState, type FormEvent } from 'react';
import { EmptyState, LockIcon, openModal, StatusPill, toastSuccess, WarningModal } from '../../kit';
import { upgrade, useUpdate } from './useUpdate';
import { PromptPreviewModal, SuggestionsModal } from './WatercoolerModals';
import {
  formatSlot,
  moveId,
  useReorderQueue,
  useWatercoolerWrite,
  visibleItems,
  watercoolerRequests,
  type QueueItemJson,
  type SuggestionJson,
  type WatercoolerJson,
  type WatercoolerWriteAnswer,
} from './watercoolerApi';

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
        watercoolerId={wc.program.id}
        promptId={item.id}
        channel={wc.program.channel}
        source={source}
        when={item.next_at ? formatSlot(item.next_at, wc.schedule.tz) : null}
        onClose={close}
        onPin={item.status !== 'pinned' && item.status !== 'skipped' && item.position !== 1 ? () => onAdjust('pin', true) : undefined}
      />
    ));
  return (
    <li className={`queue-item queue-item-${item.status} wc-item`} aria-label={item.text}>
      <span className="queue-num wc-num" aria-label={item.position ? `Number ${item.position}` : STATUS_LABEL[item.status]}>
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
            <input id={inputId} className="kit-input wc-grow" value={draft} maxLength={300} autoFocus onChange={(e) => setDraft(e.target.value)} />
            <button type="submit" className="button button-primary" disabled={!draft.trim() || busy}>
              Save
            </button>
            <button type="button" className="button button-secondary" onClick={() => (setEditing(false), setDraft(item.text))}>
              Cancel
            </button>
          </form>
        ) : (
          <p className="queue-item-text wc-item-text">{item.text}</p>
        )}
        <p className="muted small wc-item-meta">
          <span className={item.is_custom ? 'text-primary strong-text' : undefined}>{source}</span>
          {item.status === 'pinned' && <StatusPill tone="info">Pinned</StatusPill>}
          {item.status === 'skipped' && <StatusPill tone="error">Skipped</StatusPill>}
          {item.status === 'sent' && <StatusPill tone="success">Sent this round</StatusPill>}
          {item.next_at && <span>{formatSlot(item.next_at, wc.schedule.tz)}</span>}
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

/** The queue: what posts next, in order; pin, skip, move, edit and add prompts. */
export function QueueSection({ wc, id }: { wc: WatercoolerJson; id: string }) {
  const update = useUpdate(id);
  const write = useWatercoolerWrite(id);
  const reorder = useReorderQueue(id);
  const requests = watercoolerRequests(id);
  const busy = write.isPending;
  const [text, setText] = useState('');
  const addId = useId();
  const items = visibleItems(wc);
  const movable = wc.topicsQueue.prompts.filter((p) => p.status === 'queued').map((p) => p.id);
  const hidden = wc.topicsQueue.prompts.length - items.length;

  /** One write; says `success` when it worked (the API client says what went wrong) and answers whether it did. */
  const run = async (request: () => Promise<WatercoolerWriteAnswer>, success?: string) => {
    try {
      await write.mutateAsync(request);
    } catch {
      return false;
    }
    if (success) toastSuccess(success);
    return true;
  };

  const move = (item: QueueItemJson, direction: 'up' | 'down') => {
    const pinned = wc.topicsQueue.prompts.filter((p) => p.status === 'pinned').map((p) => p.id);
    reorder.mutate([...pinned, ...moveId(movable, item.id, direction)]);
  };

  const adjust = (item: QueueItemJson, kind: 'skip' | 'pin', on: boolean) =>
    run(
      () => requests.adjust(item.id, kind, on),
      on ? (kind === 'pin' ? 'Pinned: it goes out next.' : 'Skipped: it won’t be posted here.') : kind === 'pin' ? 'Unpinned.' : 'Back in the queue.',
    );

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!wc.can_customize) return upgrade(wc);
    if (!text.trim()) return;
    if (await run(() => requests.addPrompt(text), 'Prompt added to the queue.')) setText('');
  };

  const suggest = () =>
    openModal((close) => (
      <SuggestionsModal
        title="Prompt ideas"
        path={`/watercooler/${id}/suggest_prompts_as_json`}
        onClose={close}
        onAdd={(chosen: SuggestionJson[]) =>
          run(
            () => requests.addPrompts(chosen),
            chosen.length === 1 ? 'Prompt added to the queue.' : `${chosen.length} prompts added to the queue.`,
          )
        }
      />
    ));

  const remove = (item: QueueItemJson) =>
    openModal((close) => (
      <WarningModal title="Delete this prompt?" confirmText="Delete" danger onClose={close} onConfirm={() => void run(() => requests.deletePrompt(item.id), 'Prompt deleted.')}>
        <p>“{item.text}” will be removed from this Watercooler. Prompts already posted stay in Slack.</p>
      </WarningModal>
    ));

  return (
    <section className="card wc-section" aria-labelledby="wc-queue-title">
      <div className="wc-section-head">
        <div>
          <h2 id="wc-queue-title" className="card-title">Up next</h2>
          <p className="muted">
            {wc.ordered_unsent_prompt_ids.length} {wc.ordered_unsent_prompt_ids.length === 1 ? 'prompt' : 'prompts'} to go in round {wc.cycle}. When they have all been posted, the queue starts again.
          </p>
        </div>
        <label className="option-label muted small wc-check">
          <input type="checkbox" checked={wc.hideInactivePrompts} onChange={(e) => void update.save({ hideInactivePrompts: e.target.checked }, '')} />
          Hide sent and skipped prompts{wc.hideInactivePrompts && hidden > 0 ? ` (${hidden})` : ''}
        </label>
      </div>
      {items.length === 0 ? (
        <EmptyState title="The queue is empty" headingLevel={3}>
          Add a pack below, or write a prompt of your own.
        </EmptyState>
      ) : (
        <ol className="framed-list wc-queue" aria-label="Topics queue">
          {items.map((item) => (
            <QueueItem
              key={item.id}
              item={item}
              wc={wc}
              busy={busy}
              first={movable[0] === item.id}
              last={movable.at(-1) === item.id}
              onMove={(d) => move(item, d)}
              onAdjust={(kind, on) => void adjust(item, kind, on)}
              onSaveText={(t) => run(() => requests.savePrompt(item.id, t), 'Prompt saved.')}
              onDelete={() => remove(item)}
            />
          ))}
        </ol>
      )}
      <form className="wc-add-row wc-add-prompt" onSubmit={(e) => void add(e)}>
        <label className="visually-hidden" htmlFor={addId}>
          Write your own prompt
        </label>
        <input id={addId} className="kit-input wc-grow" value={text} maxLength={300} placeholder={wc.can_customize ? 'Write your own prompt, e.g. “What’s the best thing you ate this week?”' : 'Your own prompts are part of Premium'} disabled={!wc.can_customize} onChange={(e) => setText(e.target.value)} />
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
            <LockIcon /> Unlock custom prompts
          </button>
        )}
      </form>
    </section>
  );
}
