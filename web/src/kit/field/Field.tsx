import { useEffect, useId, useRef, type ReactNode, type ChangeEvent } from 'react';
import { AlertIcon } from '../icons';

/** What a Field hands its control: spread it on the input, textarea or select. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
  maxLength?: number;
}

export interface FieldProps {
  label: ReactNode;
  /** Help under the label. */
  hint?: ReactNode;
  /** The error for this field (the server's `fields` entry, or a client check): shown under it, the control marked invalid. */
  error?: string | null;
  /** The server's limit: passed to the control and shown as a counter "12 / 2000" when `length` is given. */
  maxLength?: number;
  /** The current length, for the counter. */
  length?: number;
  required?: boolean;
  /** "Optional" beside the label. */
  optional?: boolean;
  /** The control: a render function given id, aria and maxLength props. */
  children: (control: FieldControlProps) => ReactNode;
  className?: string;
}

/**
 * A labelled form field: label, hint, the control, a character counter and the error, wired for screen readers
 * (aria-describedby, aria-invalid). The control is the caller's: `{(control) => <input {...control} … />}`.
 */
export function Field({ label, hint, error, maxLength, length, required, optional, children, className }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const counterId = maxLength !== undefined && length !== undefined ? `${id}-count` : undefined;
  const describedBy = [hintId, errorId, counterId].filter(Boolean).join(' ') || undefined;
  const over = maxLength !== undefined && length !== undefined && length > maxLength;
  const near = maxLength !== undefined && length !== undefined && length >= maxLength * 0.9;
  return (
    <div className={['kit-field', error ? 'has-error' : '', className].filter(Boolean).join(' ')} data-field-error={error ? 'true' : undefined}>
      <label htmlFor={id} className="kit-field-label">
        {label}
        {required && (
          <span className="kit-field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
        {optional && <span className="kit-field-optional"> (optional)</span>}
      </label>
      {hint && (
        <div id={hintId} className="kit-field-hint">
          {hint}
        </div>
      )}
      {children({
        id,
        'aria-describedby': describedBy,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(required ? { 'aria-required': true as const } : {}),
        ...(maxLength !== undefined ? { maxLength } : {}),
      })}
      {(error || counterId) && (
        <div className="kit-field-footer">
          {error ? (
            <FieldErrorText id={errorId!}>{error}</FieldErrorText>
          ) : (
            <span />
          )}
          {counterId && (
            <span id={counterId} className={['kit-field-counter', over ? 'is-over' : near ? 'is-near' : ''].filter(Boolean).join(' ')} aria-live={near ? 'polite' : undefined}>
              <span className="visually-hidden">Characters used: </span>
              {length} / {maxLength}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

/** The error line under a control (Field, Select): the alert icon and the sentence; `id` is for aria-describedby. */
export function FieldErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} className="kit-field-error">
      <AlertIcon />
      <span>{children}</span>
    </div>
  );
}

type InputBase = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'maxLength' | 'id'>;

export interface TextFieldProps extends InputBase {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  optional?: boolean;
  /** Show the counter (default: when maxLength is set). */
  counter?: boolean;
}

/** A one-line text input in a Field. */
export function TextField({ label, hint, error, value, onChange, maxLength, optional, required, counter, className, ...rest }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} maxLength={maxLength} length={counter === false ? undefined : value.length} required={required} optional={optional} className={className}>
      {(control) => <input className="kit-input" {...rest} {...control} required={required} value={value} onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)} />}
    </Field>
  );
}

type TextAreaBase = Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'maxLength' | 'id'>;

export interface TextAreaFieldProps extends TextAreaBase {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  optional?: boolean;
  counter?: boolean;
}

/** A multi-line text area in a Field, with the counter under it. */
export function TextAreaField({ label, hint, error, value, onChange, maxLength, optional, required, counter, rows = 4, className, ...rest }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} maxLength={maxLength} length={counter === false ? undefined : value.length} required={required} optional={optional} className={className}>
      {(control) => <textarea className="kit-input kit-textarea" rows={rows} {...rest} {...control} required={required} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

export interface FileFieldProps {
  label: ReactNode;
  /** What may be chosen and how large (say the limit here when there is one). */
  hint?: ReactNode;
  error?: string | null;
  accept?: string;
  multiple?: boolean;
  name?: string;
  disabled?: boolean;
  /** The files chosen; an empty list clears the control (after an upload). */
  files: readonly File[];
  onChange: (files: File[]) => void;
}

/** A file picker in a Field: the browser's own control (keyboard and screen readers know it) with the kit's button. */
export function FileField({ label, hint, error, accept, multiple, name, disabled, files, onChange }: FileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!files.length && input.current) input.current.value = '';
  }, [files]);
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <input ref={input} className="kit-file-input" {...control} type="file" name={name} accept={accept} multiple={multiple} disabled={disabled} onChange={(e) => onChange([...(e.target.files ?? [])])} />}
    </Field>
  );
}
