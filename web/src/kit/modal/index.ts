export { Modal, ModalCancelButton, ModalHost, useModal, DEFAULT_CONFIRM_CANCEL_TEXT } from './Modal';
export type { ModalProps } from './Modal';
export { openModal, closeModal, closeAllModals } from './store';
export { UpgradeModal, openUpgradeModal, upgradeVariant, UPGRADE_FEATURES, PLAN_CHANGE_RELOAD_MS, usePlanChange, PlanChangeStatus } from './UpgradeModal';
export type { UpgradeVariant, UpgradeModalProps, PlanChangeRequest } from './UpgradeModal';
export { WarningModal, SuccessModal, SaveSuccessModal, VideoModal, videoEmbedUrl } from './modals';
export type { WarningModalProps, SuccessModalProps, SaveSuccessModalProps, VideoModalProps } from './modals';
export { InviteUsersModal, inviteSummary } from './InviteUsersModal';
export type { InviteUsersModalProps, InviteUsersResult } from './InviteUsersModal';
