import type { RewardPresetJson } from './api-types.js';

/** The rewards Hearth ships (POST /rewards with a preset_id starts from one of these). */
export const REWARD_PRESETS: readonly RewardPresetJson[] = [
  { preset_id: 'coffee', name: 'Coffee on us', short_description: 'A coffee or tea of your choice.', description: 'Redeem for a coffee or tea, paid by the team. An admin will send you the details.', points_cost: 100, is_gift_card: false, image_url: null },
  { preset_id: 'lunch', name: 'Team lunch', short_description: 'Lunch with a teammate of your choice.', description: 'Take a teammate to lunch on the company. An admin will help you book it.', points_cost: 500, is_gift_card: false, image_url: null },
  { preset_id: 'swag', name: 'Company swag', short_description: 'A hoodie, mug or stickers.', description: 'Pick an item from the swag closet. An admin will ask for your size and address.', points_cost: 300, is_gift_card: false, image_url: null },
  { preset_id: 'donation', name: 'Charity donation', short_description: 'We donate $20 to a charity you pick.', description: 'Tell an admin which registered charity should receive a $20 donation in your name.', points_cost: 400, is_gift_card: false, image_url: null },
  { preset_id: 'half_day', name: 'Half day off', short_description: 'An afternoon to yourself.', description: 'Take a half day off, agreed with your manager.', points_cost: 2000, is_gift_card: false, image_url: null },
  { preset_id: 'gift_card', name: 'Gift card', short_description: 'Turn points into a gift card.', description: 'Choose an amount; the card arrives as a claim link from our gift-card provider.', points_cost: 0, is_gift_card: true, image_url: null },
];

/** The default conversion (journeys.md §9 gift_card_options): 100 points are a dollar. */
export const DEFAULT_GIFT_CARD_OPTIONS = [
  { points: 1000, dollars: 10 },
  { points: 2500, dollars: 25 },
  { points: 5000, dollars: 50 },
] as const;
