import { ApiError } from '../../api/client';

/** Errors by field name, one sentence each, ready for <Field error={errors.name}>. */
export type FieldErrors = Record<string, string>;

/**
 * The server's `fields` (400 answers: `{ fields: { intro_message: 'must be at most 2000 characters' } }`) as
 * one message per field, with any internal name stripped ("birthday_template: Write a message" → "Write a
 * message") and the first letter capitalised. Anything else gives {}.
 */
export function fieldErrors(error: unknown): FieldErrors {
  const fields = error instanceof ApiError ? error.fields : undefined;
  if (!fields) return {};
  const out: FieldErrors = {};
  for (const [name, value] of Object.entries(fields)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim() !== '') out[name] = humanizeFieldMessage(first, name);
  }
  return out;
}

/** "birthday_template: Write a message" → "Write a message"; "must be at most 2000 characters" → "Must be at most 2000 characters". */
export function humanizeFieldMessage(message: string, name?: string): string {
  let text = message.trim();
  const prefix = /^([a-z][a-z0-9]*(?:[._][a-z0-9]+)+|[a-z]+)\s*:\s*/.exec(text);
  if (prefix && (name === undefined || prefix[1] === name || prefix[1]!.includes('_') || prefix[1]!.includes('.'))) text = text.slice(prefix[0].length);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Moves focus to the first field marked with an error (after a failed save), so it is seen and read out. */
export function focusFirstFieldError(root: ParentNode = document): void {
  const field = root.querySelector<HTMLElement>('[data-field-error] [aria-invalid="true"]');
  field?.focus();
  field?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
}
