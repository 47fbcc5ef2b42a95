import type { CelebrationImageJson } from '../celebrationsApi';

/** The picture a kind of post carries: one of the shipped images, or none (radio buttons drawn as thumbnails). */
export function ImagePicker({ label, name, choices, value, onChange }: { label: string; name: string; choices: CelebrationImageJson[]; value: string | null; onChange: (id: string | null) => void }) {
  return (
    <fieldset className="plain-fieldset cel-images">
      <legend className="kit-field-label">{label}</legend>
      <div className="cel-image-grid">
        {choices.map((image) => (
          <label key={image.id} className={value === image.id ? 'image-choice cel-image is-checked' : 'image-choice cel-image'}>
            <input type="radio" className="visually-hidden" name={name} checked={value === image.id} onChange={() => onChange(image.id)} />
            <img src={image.url} alt="" width={120} height={60} loading="lazy" />
            <span>{image.label}</span>
          </label>
        ))}
        <label className={value === null ? 'image-choice cel-image cel-image-none is-checked' : 'image-choice cel-image cel-image-none'}>
          <input type="radio" className="visually-hidden" name={name} checked={value === null} onChange={() => onChange(null)} />
          <span className="image-choice-blank cel-image-blank" aria-hidden="true" />
          <span>No image</span>
        </label>
      </div>
    </fieldset>
  );
}
