import { sentence } from './settingsText';

/** A rule changed this field by itself: says what and why, beside it. */
export function FieldNote({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p className="notice notice-warning small rule-note" role="status">
      <span aria-hidden="true">↺</span> {sentence(text)}
    </p>
  );
}
