export { ConfirmDialog, confirmAction } from './ConfirmDialog';
export type { ConfirmDialogProps } from './ConfirmDialog';
