export { InlineError } from './InlineError';
export type { InlineErrorProps } from './InlineError';
