import { useState } from 'react';
import { Modal } from '../kit/modal/Modal';
import type { JsonObject, Raw, View } from './api';
import { Blocks } from '../kit/blockkit/Blocks';
import { BlockKitContext, useBlockContext } from '../kit/blockkit/context';
import { inputValues, plainText } from '../kit/blockkit/values';

export interface SlackModalProps {
  view: View;
  /** How deep in the stack (pushed views show a back arrow). */
  depth: number;
  submitting: boolean;
  onSubmit(values: Record<string, Record<string, Raw>>): void;
  onClose(): void;
  /** A click or pick inside the modal (block_actions with the view). */
  onAction(blockId: string, element: JsonObject, raw: Raw): void;
}

/**
 * A modal drawn from its view JSON: title, blocks, Slack's per-input errors in red under each input, and
 * the close and submit buttons. What the member types stays here until they submit.
 */
export function SlackModal({ view, depth, submitting, onSubmit, onClose, onAction }: SlackModalProps) {
  const parent = useBlockContext();
  const [values, setValues] = useState(() => inputValues(view));
  const errors = view.errors ?? {};
  const general = errors._;
  const title = plainText(view.title) || 'App';
  return (
    <BlockKitContext.Provider
      value={{
        ...parent,
        surface: 'modal',
        act: onAction,
        values,
        setValue: (blockId, actionId, raw) => setValues((v) => ({ ...v, [blockId]: { ...v[blockId], [actionId]: raw } })),
        errors,
        busy: submitting,
      }}
    >
      <Modal
        title={
          <span className="sbx-modal-title">
            {depth > 0 && (
              <span className="sbx-modal-back" aria-hidden="true">
                ‹{' '}
              </span>
            )}
            <span className="sbx-modal-app" aria-hidden="true" />
            {title}
          </span>
        }
        onClose={onClose}
        size="medium"
        className="sbx-modal"
        footer={
          <>
            <button type="button" className="sbx-btn" onClick={onClose} disabled={submitting}>
              {plainText(view.close) || 'Cancel'}
            </button>
            {view.submit && (
              <button
                type="button"
                className="sbx-btn sbx-btn-primary"
                disabled={submitting || view.submit_disabled}
                onClick={() => onSubmit(values)}
              >
                {submitting ? 'Submitting…' : plainText(view.submit)}
              </button>
            )}
          </>
        }
      >
        <form
          className="sbx-modal-body"
          aria-label={title}
          onSubmit={(e) => {
            e.preventDefault();
            if (view.submit) onSubmit(values);
          }}
        >
          {general && (
            <p className="sbx-modal-error" role="alert">
              {general}
            </p>
          )}
          <Blocks blocks={view.blocks} />
          {/* Enter in a single-line input submits, as in Slack. */}
          <button type="submit" hidden tabIndex={-1} />
        </form>
      </Modal>
    </BlockKitContext.Provider>
  );
}
