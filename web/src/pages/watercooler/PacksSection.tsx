import { useState } from 'react';
import { CheckIcon, InlineError, LockIcon, openModal, PlusIcon, StatusPill, toastSuccess } from '../../kit';
import { upgrade } from './useUpdate';
import { NewPackModal, PackModal } from './WatercoolerModals';
import { usePacksLibrary, useWatercoolerWrite, watercoolerRequests, type PackJson, type WatercoolerJson } from './watercoolerApi';

function PackCard({ pack, wc, id, onToggle, busy }: { pack: PackJson; wc: WatercoolerJson; id: string; onToggle: () => void; busy: boolean }) {
  const view = () => openModal((close) => <PackModal watercoolerId={id} pack={pack} onClose={close} />);
  return (
    <li className={`panel wc-pack${pack.subscribed ? ' panel-on' : ''}`}>
      <div className="wc-pack-head">
        <span className="icon-tile wc-pack-emoji" aria-hidden="true">
          {pack.emoji || '💬'}
        </span>
        <div>
          <h3 className="card-title wc-pack-name">{pack.name}</h3>
          <p className="muted small wc-pack-count">
            {pack.num_prompts} prompts
            {pack.is_free && !pack.is_library ? '' : pack.is_free ? ' · Free plan' : ''}
            {!pack.is_library && ' · Your pack'}
          </p>
        </div>
        {pack.locked && <StatusPill tone="warning">Premium</StatusPill>}
      </div>
      <p className="muted small wc-pack-description">{pack.description}</p>
      <div className="wc-pack-actions">
        <button
          type="button"
          className={pack.subscribed || pack.locked ? 'button button-secondary' : 'button button-primary'}
          aria-pressed={pack.subscribed}
          aria-label={pack.subscribed ? `In the queue: ${pack.name}` : `Add to queue: ${pack.name}`}
          disabled={busy}
          onClick={pack.locked && !pack.subscribed ? () => upgrade(wc) : onToggle}
        >
          {pack.subscribed ? <><CheckIcon /> In the queue</> : pack.locked ? <><LockIcon /> Add to queue</> : 'Add to queue'}
        </button>
        <button type="button" className="text-button" onClick={view}>
          {pack.can_edit ? 'Edit prompts' : 'See prompts'}
        </button>
      </div>
    </li>
  );
}

/** The packs the queue draws from: the library's and the workspace's own. */
export function PacksSection({ wc, id }: { wc: WatercoolerJson; id: string }) {
  const { data: packs, isLoading, isError } = usePacksLibrary(id);
  const write = useWatercoolerWrite(id);
  const [togglingId, setTogglingId] = useState<number | null>(null);
  const busy = write.isPending ? togglingId : null;
  // A failure: the API client has told them (or opened the upgrade modal).
  const toggle = (pack: PackJson) => {
    setTogglingId(pack.id);
    write.mutate(() => watercoolerRequests(id).subscribe(pack), {
      onSuccess: () => toastSuccess(pack.subscribed ? `${pack.name} removed from the queue.` : `${pack.name} added to the queue.`),
    });
  };
  const library = (packs ?? []).filter((p) => p.is_library);
  const own = (packs ?? []).filter((p) => !p.is_library);
  const newPack = () => (wc.can_customize ? openModal((close) => <NewPackModal watercoolerId={id} onClose={close} />) : upgrade(wc));

  return (
    <section className="card wc-section" aria-labelledby="wc-packs-title">
      <div className="wc-section-head">
        <div>
          <h2 id="wc-packs-title" className="card-title">Prompt packs</h2>
          <p className="muted">The queue takes one prompt from each pack in turn, so the channel gets variety.</p>
        </div>
        <button type="button" className="button button-secondary" onClick={newPack}>
          {wc.can_customize ? <><PlusIcon /> New pack</> : <><LockIcon /> New pack</>}
        </button>
      </div>
      {isLoading && <p className="page-loading">Loading packs…</p>}
      {isError && <InlineError>Uh oh, something went wrong loading the packs. Try reloading?</InlineError>}
      {own.length > 0 && (
        <>
          <h3 className="eyebrow-text wc-subhead">Your packs</h3>
          <ul className="wc-packs" aria-label="Your packs">
            {own.map((p) => (
              <PackCard key={p.id} pack={p} wc={wc} id={id} busy={busy === p.id} onToggle={() => toggle(p)} />
            ))}
          </ul>
        </>
      )}
      {library.length > 0 && (
        <>
          {own.length > 0 && <h3 className="eyebrow-text wc-subhead">Hearth’s library</h3>}
          <ul className="wc-packs" aria-label="Packs library">
            {library.map((p) => (
              <PackCard key={p.id} pack={p} wc={wc} id={id} busy={busy === p.id} onToggle={() => toggle(p)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
