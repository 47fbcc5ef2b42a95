// The kit: the shared widgets in one place: import { Select, Modal, showToast, Switch, DataTable, … } from '../kit'.
// Each component keeps its styles beside it (Switch.tsx + switch.css); page CSS holds layout only.
// The development kit page (/dev/kit, development mode only) shows every component in every state.

// Selects (single, multiple, searchable, remote people/channel search)
export * from './select';
// Modal (focus trap, Esc, confirm-on-cancel), openModal from non-React code, Upgrade/Warning/Success modals
export * from './modal';
// Toasts: showToast, toastSuccess, toastError (house texts in ./messages)
export * from './toast';
// A Slack-looking message preview for mrkdwn text
export { MessagePreview, DefaultAvatar, PREVIEW_SENDER_NAME } from './preview/MessagePreview';
export type { MessagePreviewProps, Reaction } from './preview/MessagePreview';
// Block Kit as Slack draws it: <BlockKitPreview message={{ text, blocks }}> shows what the server's builder sends
export * from './blockkit';
export { Mrkdwn, renderMrkdwn, renderMrkdwnInline, TemplateText } from './MrkdwnText';
export type { MrkdwnProps, MrkdwnRenderOptions } from './MrkdwnText';
export * from './mrkdwn';
export { EMOJI, emojiFor } from './emoji';
export { Appear, Fade, FADE_DURATION_MS } from './transitions';
// House texts (error, success, timeouts) word for word from the spec
export * from './messages';
// Icons (lucide), Spinner, HearthLogo: never an emoji as an icon
export * from './icons';
// Dates and times: one module, the zone always named (formatDay, formatTime, formatDateTime, zoneLabel…)
export * from './dates';
// On/off switch (role=switch)
export * from './switch';
// Tabs with arrow-key navigation
export * from './tabs';
// A few exclusive choices side by side (radiogroup)
export * from './segmented';
// Form fields: label, hint, error at the field, maxlength counter; fieldErrors(error) reads the server's `fields`
export * from './field';
// A sentence across a page that asks for attention, with its one action
export * from './callout';
// A message's real delivery state (Sent, Waiting, Not sent, Not confirmed) with why in words
export * from './delivery';
// An error inside a page or form: icon, sentence, optional Try again (role=alert)
export * from './inlineerror';
// Loading skeleton, error with Try again, not found with a way back, empty state; PageState wraps a query
export * from './pagestate';
// Ask before acting: <ConfirmDialog> and `await confirmAction({...})`
export * from './confirm';
// Owner, editors, people with access for a program
export * from './ownership';
// "Send now" that confirms who and where first
export * from './sendnow';
// Searchable IANA time zone picker ("New York (UTC−05:00)")
export * from './timezone';
// Report date ranges: presets and custom
export * from './daterange';
// A plain date typed as mm/dd/yyyy or picked on a calendar (weekends optional)
export * from './datefield';
// A state in words on a tinted pill
export * from './statuspill';
// A person: picture (or initials) and full name, the one way pages show people
export * from './person';
// Long lists: sortable, searchable, paged (TanStack Table)
export * from './datatable';
export { devToolsEnabled } from './devTools';
