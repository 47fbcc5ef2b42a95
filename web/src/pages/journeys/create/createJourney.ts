export const JOURNEY_NAME_MAX = 80;

export function validateJourneyName(name: string): string | null {
  const n = name.trim();
  if (!n) return 'Give the journey a name.';
  if (n.length > JOURNEY_NAME_MAX) return `Keep the name under ${JOURNEY_NAME_MAX} characters.`;
  return null;
}
