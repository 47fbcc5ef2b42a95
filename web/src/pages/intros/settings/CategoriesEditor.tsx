import { useId, useState } from 'react';
import type { SettingsDraft } from '../settingsForm';

/** The interests people can pick, for the interest-based pairing types. */
export function CategoriesEditor({ draft, onChange }: { draft: SettingsDraft; onChange: (categories: SettingsDraft['categories']) => void }) {
  const [name, setName] = useState('');
  const inputId = useId();
  const add = () => {
    const text = name.trim();
    if (!text || draft.categories.some((c) => c.name.trim().toLowerCase() === text.toLowerCase())) return;
    onChange([...draft.categories, { name: text }]);
    setName('');
  };
  return (
    <div className="categories-editor">
      <span className="field-label">Interests people can pick</span>
      {draft.categories.length === 0 ? (
        <p className="muted small">No interests yet. Interest-based pairing types use them.</p>
      ) : (
        <ul className="category-list">
          {draft.categories.map((c, index) => (
            <li key={c.id ?? `new-${index}`} className="category-row">
              <input
                className="kit-input"
                aria-label={`Interest ${index + 1}`}
                value={c.name}
                onChange={(e) => onChange(draft.categories.map((x, i) => (i === index ? { ...x, name: e.target.value } : x)))}
              />
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${c.name || 'interest'}`}
                onClick={() => onChange(draft.categories.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="inline-form">
        <label htmlFor={inputId} className="visually-hidden">
          New interest
        </label>
        <input
          id={inputId}
          className="kit-input"
          value={name}
          placeholder="e.g. Hiking"
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button-secondary" onClick={add} disabled={!name.trim()}>
          Add interest
        </button>
      </div>
    </div>
  );
}
