import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '../createStore';
import { XIcon } from '../coreIcons';
import { closeModal, modalStore } from './store';

export const DEFAULT_CONFIRM_CANCEL_TEXT = 'Are you sure you want to cancel? Your changes will not be saved.';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

// Open dialogs, innermost last: only the top one answers Esc and keeps focus.
const openStack: string[] = [];

interface ModalContextValue {
  /** Cancel: asks for confirmation first when the modal has confirmOnCancel. */
  cancel: () => void;
  /** Close now, without asking (after a successful save, for example). */
  close: () => void;
  titleId: string;
}
const ModalContext = createContext<ModalContextValue | null>(null);

/** Inside a modal: { cancel, close }. */
export function useModal(): ModalContextValue {
  const value = useContext(ModalContext);
  if (!value) throw new Error('useModal must be used inside <Modal>');
  return value;
}

export interface ModalProps {
  title: ReactNode;
  /** Called when the modal should go away (close button, Esc, backdrop, Cancel). */
  onClose: () => void;
  children?: ReactNode;
  /** Buttons along the bottom. Use <ModalCancelButton> for a cancel that honours confirmOnCancel. */
  footer?: ReactNode;
  /** Ask before cancelling (programs.md §4). A string replaces the default question. */
  confirmOnCancel?: boolean | string;
  open?: boolean;
  size?: 'small' | 'medium' | 'large';
  className?: string;
  /** Hide the X button in the corner (the footer must then offer a way out). */
  hideCloseButton?: boolean;
  /** Closing with the backdrop (default true). */
  closeOnBackdrop?: boolean;
  /** The element to focus when the modal opens; default the first focusable one. */
  initialFocus?: React.RefObject<HTMLElement | null>;
  /** An accessible description (id of an element inside). */
  describedBy?: string;
}

/** The one modal: an accessible dialog rendered in a portal, with a focus trap, Esc, and optional confirm-on-cancel. */
export function Modal({
  open = true,
  ...props
}: ModalProps) {
  if (!open) return null;
  return <OpenModal {...props} />;
}

function OpenModal({
  title,
  onClose,
  children,
  footer,
  confirmOnCancel,
  size = 'medium',
  className,
  hideCloseButton,
  closeOnBackdrop = true,
  initialFocus,
  describedBy,
}: Omit<ModalProps, 'open'>) {
  const id = useId();
  const titleId = `${id}-title`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState(false);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  const close = useCallback(() => onCloseRef.current(), []);
  const cancel = useCallback(() => {
    if (confirmOnCancel) setConfirming(true);
    else onCloseRef.current();
  }, [confirmOnCancel]);

  // Register on the stack, lock page scroll, move focus in, and give focus back on close.
  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    openStack.push(id);
    document.body.classList.add('has-modal');
    const dialog = dialogRef.current;
    if (dialog) {
      const target = initialFocus?.current ?? focusableIn(dialog).find((el) => !el.classList.contains('modal-close')) ?? dialog;
      target.focus();
    }
    return () => {
      const at = openStack.indexOf(id);
      if (at >= 0) openStack.splice(at, 1);
      if (openStack.length === 0) document.body.classList.remove('has-modal');
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus();
    };
  }, [id]); // focus once, on open

  // Focus the question when it appears, and come back into the dialog when it goes.
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) confirmRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    else if (wasConfirming.current) {
      const dialog = dialogRef.current;
      if (dialog) (focusableIn(dialog).find((el) => !el.classList.contains('modal-close')) ?? dialog).focus();
    }
    wasConfirming.current = confirming;
  }, [confirming]);

  // Esc and the focus trap listen on the document, so they work even when focus has slipped out.
  const confirmingRef = useRef(confirming);
  useLayoutEffect(() => {
    confirmingRef.current = confirming;
  });
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || openStack[openStack.length - 1] !== id) return;
      if (confirmingRef.current) setConfirming(false);
      else cancel();
    };
    const onFocusIn = (event: FocusEvent) => {
      const dialog = dialogRef.current;
      if (!dialog || openStack[openStack.length - 1] !== id) return;
      if (event.target instanceof Node && !dialog.contains(event.target)) {
        (focusableIn(dialog)[0] ?? dialog).focus();
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [id, cancel]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (openStack[openStack.length - 1] !== id) return;
    if (event.key !== 'Tab') return;
    const root = confirming ? confirmRef.current : dialogRef.current;
    if (!root) return;
    const items = focusableIn(root);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !root.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !root.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  const confirmText = typeof confirmOnCancel === 'string' ? confirmOnCancel : DEFAULT_CONFIRM_CANCEL_TEXT;

  return createPortal(
    <div className="modal-layer">
      <div
        className="modal-backdrop"
        aria-hidden="true"
        onMouseDown={(e) => {
          if (e.target === e.currentTarget && closeOnBackdrop) cancel();
        }}
      />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={['modal', `modal-${size}`, className].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
      >
        <ModalContext.Provider value={{ cancel, close, titleId }}>
          <header className="modal-header">
            <h2 id={titleId} className="modal-title">
              {title}
            </h2>
            {!hideCloseButton && (
              <button type="button" className="icon-button modal-close" aria-label="Close" onClick={cancel}>
                <XIcon />
              </button>
            )}
          </header>
          <div className="modal-body" inert={confirming || undefined}>
            {children}
          </div>
          {footer && (
            <footer className="modal-footer" inert={confirming || undefined}>
              {footer}
            </footer>
          )}
          {confirming && (
            <div
              ref={confirmRef}
              className="modal-confirm"
              role="alertdialog"
              aria-modal="true"
              aria-labelledby={`${id}-confirm`}
            >
              <p id={`${id}-confirm`}>{confirmText}</p>
              <div className="button-row">
                <button type="button" className="button" data-autofocus onClick={() => setConfirming(false)}>
                  Keep editing
                </button>
                <button
                  type="button"
                  className="button button-danger"
                  onClick={() => {
                    setConfirming(false);
                    close();
                  }}
                >
                  Yes, cancel
                </button>
              </div>
            </div>
          )}
        </ModalContext.Provider>
      </div>
    </div>,
    document.body,
  );
}

/** A footer Cancel button that goes through confirmOnCancel. */
export function ModalCancelButton({ children = 'Cancel' }: { children?: ReactNode }) {
  const { cancel } = useModal();
  return (
    <button type="button" className="button button-secondary" onClick={cancel}>
      {children}
    </button>
  );
}

/** Renders the modals opened with openModal(). Mount once, near the root. */
export function ModalHost() {
  const entries = useStore(modalStore);
  return (
    <>
      {entries.map((entry) => (
        <ModalSlot key={entry.id} id={entry.id} render={entry.render} />
      ))}
    </>
  );
}

function ModalSlot({ id, render }: { id: number; render: (close: () => void) => ReactNode }) {
  return <>{render(() => closeModal(id))}</>;
}
