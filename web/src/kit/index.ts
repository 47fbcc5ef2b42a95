// The kit: the shared widgets in one place: import { Select, Modal, showToast, … } from '../kit'.
export * from './select';
export * from './modal';
export * from './toast';
export { MessagePreview, DefaultAvatar, PREVIEW_SENDER_NAME } from './preview/MessagePreview';
export type { MessagePreviewProps, Reaction } from './preview/MessagePreview';
export { Mrkdwn, renderMrkdwn, renderMrkdwnInline } from './MrkdwnText';
export type { MrkdwnProps, MrkdwnRenderOptions } from './MrkdwnText';
export * from './mrkdwn';
export { EMOJI, emojiFor } from './emoji';
export { Appear, Fade, FADE_DURATION_MS } from './transitions';
export * from './messages';
export * from './icons';
