import { sentence } from './settingsText';

/** A rule changed this field by itself: says what and why, beside it. */
export function FieldNote({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p className="rule-note" role="status">
      <span aria-hidden="true">↺</span> {sentence(text)}
    </p>
  );
}

/** The error under a select (the kit's Field draws it for text inputs). */
export function FieldError({ text, id }: { text?: string; id?: string }) {
  if (!text) return null;
  return (
    <p className="field-hint field-hint-error" role="alert" id={id}>
      {sentence(text)}
    </p>
  );
}
