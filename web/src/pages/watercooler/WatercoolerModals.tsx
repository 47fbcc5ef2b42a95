import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { InlineError, Modal, ModalCancelButton, RemoteBlockKitPreview, Spinner, toastSuccess, useServerPreview } from '../../kit';
import {
  packRequests,
  suggestionsQuery,
  usePacksLibrary,
  usePackWrite,
  useWatercoolerWrite,
  watercoolerRequests,
  type PackJson,
  type PromptJson,
  type SuggestionJson,
} from './watercoolerApi';

/** The watercooler prompt preview modal: the prompt as the server's builder posts it, drawn as Slack draws it. */
export function PromptPreviewModal({
  watercoolerId,
  promptId,
  channel,
  source,
  when,
  onClose,
  onPin,
}: {
  watercoolerId: number;
  promptId: number;
  channel: string;
  source?: string;
  when?: string | null;
  onClose: () => void;
  onPin?: () => void;
}) {
  const preview = useServerPreview(`/watercooler/${watercoolerId}/preview_as_json`, { prompt_id: promptId });
  return (
    <Modal
      title="Prompt preview"
      onClose={onClose}
      size="medium"
      className="wc-preview-modal"
      footer={
        <>
          {onPin && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                onPin();
                onClose();
              }}
            >
              Post this one next
            </button>
          )}
          <button type="button" className="button button-primary" onClick={onClose}>
            Done
          </button>
        </>
      }
    >
      <p className="muted wc-preview-lead">
        How it will look in <strong>{channel}</strong>
        {when ? <> on {when}</> : null}
        {source ? <> · from {source}</> : null}
      </p>
      <RemoteBlockKitPreview query={preview} label="Prompt preview" time="11:00 AM" />
      <p className="kit-field-hint">People answer in the message’s thread; replies and reactions are counted under Engagement on this page.</p>
    </Modal>
  );
}

/** Library prompts the watercooler (or a pack) does not use yet; pick some and add them in one go. */
export function SuggestionsModal({
  title,
  path,
  onAdd,
  onClose,
  addLabel = 'Add to my prompts',
}: {
  title: string;
  path: string;
  onAdd: (chosen: SuggestionJson[]) => Promise<boolean>;
  onClose: () => void;
  addLabel?: string;
}) {
  const [limit, setLimit] = useState(10);
  const { data, isLoading, isError } = useQuery(suggestionsQuery(path, limit));
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  // onAdd runs the page's own writes (which say what went wrong); this waits for them, and closes when they worked.
  const adding = useMutation({ mutationFn: onAdd, onSuccess: (ok) => ok && onClose() });
  const saving = adding.isPending;
  const toggle = (id: number) =>
    setChosen((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const add = () => data && adding.mutate(data.filter((s) => chosen.has(s.prompt_id)));
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="medium"
      footer={
        <>
          <ModalCancelButton />
          <button type="button" className="button button-primary" disabled={!chosen.size || saving} onClick={add}>
            {saving && <Spinner title="" />} {addLabel}
            {chosen.size ? ` (${chosen.size})` : ''}
          </button>
        </>
      }
    >
      <p className="muted">Ideas from Hearth’s packs that you are not using yet, the closest to your current prompts first.</p>
      {isLoading && <p className="page-loading">Finding ideas…</p>}
      {isError && <InlineError>Uh oh, something went wrong. Try again?</InlineError>}
      {data && data.length === 0 && <p className="muted">No more ideas: you already use every prompt we have.</p>}
      {data && data.length > 0 && (
        <ul className="wc-suggestions" aria-label="Suggested prompts">
          {data.map((s) => (
            <li key={s.prompt_id}>
              <label className="row-button wc-suggestion">
                <input type="checkbox" checked={chosen.has(s.prompt_id)} onChange={() => toggle(s.prompt_id)} />
                <span>
                  <span className="wc-suggestion-text">{s.text}</span>
                  <span className="muted small wc-suggestion-pack">{s.pack_name}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {data && data.length >= limit && limit < 30 && (
        <button type="button" className="button button-secondary wc-more" onClick={() => setLimit((l) => Math.min(30, l + 10))}>
          More ideas
        </button>
      )}
    </Modal>
  );
}

/** A new pack of the workspace's own, added to this watercooler. */
export function NewPackModal({ watercoolerId, onClose }: { watercoolerId: string; onClose: () => void }) {
  const write = useWatercoolerWrite(watercoolerId);
  const [name, setName] = useState('');
  const [emoji, setEmoji] = useState('💬');
  const [description, setDescription] = useState('');
  const [prompts, setPrompts] = useState('');
  const saving = write.isPending;
  const ids = { name: useId(), emoji: useId(), description: useId(), prompts: useId() };
  const lines = prompts
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const dirty = Boolean(name || description || prompts);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    write.mutate(() => watercoolerRequests(watercoolerId).createPack({ name, emoji, description, prompts: lines }), {
      onSuccess: (answer) => {
        toastSuccess(`${answer.pack?.name ?? name} is in your queue.`);
        onClose();
      },
    });
  };

  return (
    <Modal
      title="New prompt pack"
      onClose={onClose}
      confirmOnCancel={dirty}
      footer={
        <>
          <ModalCancelButton />
          <button type="submit" form="wc-new-pack" className="button button-primary" disabled={!name.trim() || saving}>
            {saving && <Spinner title="" />} Create pack
          </button>
        </>
      }
    >
      <form id="wc-new-pack" className="wc-form" onSubmit={(e) => void submit(e)}>
        <div className="wc-form-row">
          <div className="wc-field wc-field-emoji">
            <label className="field-label" htmlFor={ids.emoji}>
              Emoji
            </label>
            <input id={ids.emoji} className="kit-input" value={emoji} maxLength={8} onChange={(e) => setEmoji(e.target.value)} />
          </div>
          <div className="wc-field wc-grow">
            <label className="field-label" htmlFor={ids.name}>
              Name
            </label>
            <input id={ids.name} className="kit-input" value={name} maxLength={80} required placeholder="Team rituals" onChange={(e) => setName(e.target.value)} />
          </div>
        </div>
        <div className="wc-field">
          <label className="field-label" htmlFor={ids.description}>
            Description <span className="muted">(optional)</span>
          </label>
          <input id={ids.description} className="kit-input" value={description} maxLength={300} placeholder="What the pack is about" onChange={(e) => setDescription(e.target.value)} />
        </div>
        <div className="wc-field">
          <label className="field-label" htmlFor={ids.prompts}>
            Prompts <span className="muted">(one per line; you can add more later)</span>
          </label>
          <textarea id={ids.prompts} className="kit-input wc-textarea" rows={5} value={prompts} onChange={(e) => setPrompts(e.target.value)} placeholder={'What ritual should we start?\nWhat made you laugh this week?'} />
          <p className="kit-field-hint">{lines.length === 1 ? '1 prompt' : `${lines.length} prompts`}</p>
        </div>
      </form>
    </Modal>
  );
}

/** A pack's prompts: read-only for Hearth's packs; add, reorder, delete and rename for the workspace's own. */
export function PackModal({ watercoolerId, pack, onClose }: { watercoolerId: string; pack: PackJson; onClose: () => void }) {
  const write = usePackWrite(watercoolerId);
  const library = usePacksLibrary(watercoolerId);
  const [showSuggestions, setShowSuggestions] = useState(false);
  const current = library.data?.find((p) => p.id === pack.id) ?? pack;
  const prompts = current.prompts ?? [];
  const [text, setText] = useState('');
  const busy = write.isPending;
  const [meta, setMeta] = useState({ name: current.name, emoji: current.emoji, description: current.description });
  const metaChanged = meta.name !== current.name || meta.emoji !== current.emoji || meta.description !== current.description;
  const editable = current.can_edit;
  const addId = useId();

  const requests = packRequests(current.id);
  /** One write (the API client says what went wrong); answers whether it worked. */
  const run = async (request: () => Promise<{ pack: PackJson }>) => {
    try {
      await write.mutateAsync(request);
      return true;
    } catch {
      return false;
    }
  };
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    if (await run(() => requests.addPrompt(text))) setText('');
  };
  const move = (p: PromptJson, direction: 'up' | 'down') => run(() => requests.movePrompt(p.id, direction));
  const remove = (p: PromptJson) => run(() => requests.deletePrompt(p.id));
  const saveMeta = () => run(() => requests.update(meta));
  const addSuggestions = async (chosen: SuggestionJson[]) => {
    for (const s of chosen) if (!(await run(() => requests.addPrompt(s.text)))) return false;
    return true;
  };

  return (
    <Modal
      title={
        <>
          <span aria-hidden="true">{current.emoji}</span> {current.name}
        </>
      }
      onClose={onClose}
      size="large"
      footer={
        <button type="button" className="button button-primary" onClick={onClose}>
          Done
        </button>
      }
    >
      {editable ? (
        <div className="wc-form-row wc-pack-meta">
          <input aria-label="Pack emoji" className="kit-input wc-emoji-input" value={meta.emoji} maxLength={8} onChange={(e) => setMeta((m) => ({ ...m, emoji: e.target.value }))} />
          <input aria-label="Pack name" className="kit-input wc-grow" value={meta.name} maxLength={80} onChange={(e) => setMeta((m) => ({ ...m, name: e.target.value }))} />
          <input aria-label="Pack description" className="kit-input wc-grow" value={meta.description} maxLength={300} placeholder="Description" onChange={(e) => setMeta((m) => ({ ...m, description: e.target.value }))} />
          <button type="button" className="button button-secondary" disabled={!metaChanged || busy || !meta.name.trim()} onClick={() => void saveMeta()}>
            Save
          </button>
        </div>
      ) : (
        <p className="muted">{current.description}</p>
      )}
      <ol className="wc-pack-prompts" aria-label={`Prompts in ${current.name}`}>
        {prompts.map((p, i) => (
          <li key={p.id} className="divided-block wc-pack-prompt">
            <span className="queue-num wc-num">{i + 1}</span>
            <span className="wc-pack-prompt-text">{p.text}</span>
            {editable && (
              <span className="wc-row-actions">
                <button type="button" className="icon-button" aria-label={`Move “${p.text}” up`} disabled={busy || i === 0} onClick={() => void move(p, 'up')}>
                  ↑
                </button>
                <button type="button" className="icon-button" aria-label={`Move “${p.text}” down`} disabled={busy || i === prompts.length - 1} onClick={() => void move(p, 'down')}>
                  ↓
                </button>
                <button type="button" className="icon-button text-error" aria-label={`Delete “${p.text}”`} disabled={busy} onClick={() => void remove(p)}>
                  ✕
                </button>
              </span>
            )}
          </li>
        ))}
        {prompts.length === 0 && <li className="muted">No prompts yet.</li>}
      </ol>
      {editable && (
        <>
          <form className="wc-add-row" onSubmit={(e) => void add(e)}>
            <label className="visually-hidden" htmlFor={addId}>
              New prompt for {current.name}
            </label>
            <input id={addId} className="kit-input wc-grow" value={text} maxLength={300} placeholder="Write a prompt for this pack" onChange={(e) => setText(e.target.value)} />
            <button type="submit" className="button button-primary" disabled={busy || !text.trim()}>
              Add
            </button>
          </form>
          <button
            type="button"
            className="button button-secondary wc-more"
            onClick={() => setShowSuggestions(true)}
          >
            Suggest prompts for this pack
          </button>
          {showSuggestions && (
            <SuggestionsModal
              title={`Ideas for ${current.name}`}
              path={`/watercooler_packs/${current.id}/suggest_prompts_as_json`}
              addLabel="Add to pack"
              onAdd={addSuggestions}
              onClose={() => setShowSuggestions(false)}
            />
          )}
        </>
      )}
    </Modal>
  );
}
