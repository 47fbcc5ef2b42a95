import type { ScheduleType } from './api-types.js';

/**
 * The images Hearth ships for celebration posts (PNG files in public/celebrations/, drawn by
 * scripts/celebration-images.ts). Each program picks one per kind of celebration, or none; the post carries it
 * as an image block with its alt text.
 */
export interface CelebrationImage {
  id: string;
  type: ScheduleType;
  /** The name on the edit page. */
  label: string;
  /** What the image shows, for people who cannot see it (Slack's alt_text). */
  alt: string;
}

export const CELEBRATION_IMAGES: readonly CelebrationImage[] = [
  { id: 'birthday-balloons', type: 'birthday', label: 'Balloons', alt: 'Three balloons in coral, gold and teal floating up' },
  { id: 'birthday-cake', type: 'birthday', label: 'Cake', alt: 'A layered birthday cake with three lit candles' },
  { id: 'birthday-gift', type: 'birthday', label: 'Gift', alt: 'A wrapped present tied with a big ribbon bow' },
  { id: 'birthday-confetti', type: 'birthday', label: 'Confetti', alt: 'Colourful confetti falling around a party hat' },
  { id: 'anniversary-medal', type: 'anniversary', label: 'Medal', alt: 'A gold medal with a star on a striped ribbon' },
  { id: 'anniversary-summit', type: 'anniversary', label: 'Summit', alt: 'A flag planted on a mountain summit at sunrise' },
  { id: 'anniversary-fireworks', type: 'anniversary', label: 'Fireworks', alt: 'Fireworks bursting over a night sky' },
  { id: 'anniversary-plant', type: 'anniversary', label: 'Growing', alt: 'A young plant with new leaves growing in a pot' },
  { id: 'custom-stars', type: 'custom', label: 'Stars', alt: 'Golden stars and sparkles on a deep blue background' },
  { id: 'custom-bunting', type: 'custom', label: 'Bunting', alt: 'A string of colourful bunting flags' },
  { id: 'custom-sunrise', type: 'custom', label: 'Sunrise', alt: 'The sun rising over gentle hills' },
  { id: 'custom-popper', type: 'custom', label: 'Party popper', alt: 'A party popper bursting with streamers' },
];

export type ImageKind = 'birthday' | 'anniversary' | 'custom';

/** Where the app serves the images (see routes.ts). */
export const IMAGES_PATH = '/celebration_images';

export const imageIds = (type: ImageKind): string[] => CELEBRATION_IMAGES.filter((i) => i.type === type).map((i) => i.id);

export function imageById(id: string | null | undefined): CelebrationImage | undefined {
  return id ? CELEBRATION_IMAGES.find((i) => i.id === id) : undefined;
}

/** The image's public address, the one Slack fetches. */
export function imageUrl(publicUrl: string, id: string): string {
  return `${publicUrl.replace(/\/$/, '')}${IMAGES_PATH}/${id}.png`;
}

/** The image each kind of post carries under these settings: what the builder takes, for posting and previewing. */
export function postImages(
  settings: { birthday_image: string | null; anniversary_image: string | null; custom_image: string | null },
  publicUrl: string,
): Record<ImageKind, { url: string; alt: string } | null> {
  const one = (id: string | null) => {
    const image = imageById(id);
    return image ? { url: imageUrl(publicUrl, image.id), alt: image.alt } : null;
  };
  return { birthday: one(settings.birthday_image), anniversary: one(settings.anniversary_image), custom: one(settings.custom_image) };
}
