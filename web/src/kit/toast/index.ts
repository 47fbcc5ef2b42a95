export { Toaster, ToastIcon } from './Toaster';
export {
  showToast,
  updateToast,
  dismissToast,
  clearToasts,
  toastError,
  toastSuccess,
  toastStore,
  TOAST_DURATION_MS,
} from './store';
export type { Toast, ToastInput, ToastObject, ToastType } from './store';
