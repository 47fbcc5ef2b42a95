export { SendNowButton, confirmSendNow, plural } from './SendNowButton';
export type { SendNowButtonProps, SendSummary } from './SendNowButton';
