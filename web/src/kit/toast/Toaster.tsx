import { useStore } from '../createStore';
import { CheckIcon, Spinner, XIcon } from '../coreIcons';
import { dismissToast, toastStore, type Toast } from './store';

/** Icon rule of journeys.md §4: spinner if loading, check on green for success, X on red for error, none otherwise. */
export function ToastIcon({ toast }: { toast: Pick<Toast, 'isLoading' | 'type'> }) {
  if (toast.isLoading) {
    return (
      <span className="toast-icon toast-icon-loading" data-icon="spinner">
        <Spinner />
      </span>
    );
  }
  if (toast.type === 'success') {
    return (
      <span className="toast-icon toast-icon-success" data-icon="check">
        <CheckIcon />
      </span>
    );
  }
  if (toast.type === 'error') {
    return (
      <span className="toast-icon toast-icon-error" data-icon="x">
        <XIcon />
      </span>
    );
  }
  return null;
}

function ToastItem({ toast }: { toast: Toast }) {
  return (
    <div
      className={`toast toast-${toast.type}`}
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-testid="toast"
    >
      <ToastIcon toast={toast} />
      {toast.html_safe ? (
        <span className="toast-text" dangerouslySetInnerHTML={{ __html: toast.text }} />
      ) : (
        <span className="toast-text">{toast.text}</span>
      )}
      <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
        <XIcon />
      </button>
    </div>
  );
}

/**
 * The one place toasts appear. The live region is always in the page so screen readers announce new toasts; each
 * toast is an alert (errors) or a status, not a list item, so they are not wrapped in a list.
 */
export function Toaster() {
  const toasts = useStore(toastStore);
  return (
    <section className="toaster" aria-label="Notifications" aria-live="polite">
      <div className="toast-list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </section>
  );
}
