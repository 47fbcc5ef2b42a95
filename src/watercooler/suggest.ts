/**
 * Prompt suggestions: library prompts that are not already in use, the ones closest to what the pack or
 * watercooler is about first. Pure and deterministic (same input, same suggestions).
 */

export interface SuggestionSource {
  promptId: number;
  text: string;
  packId: number;
  packName: string;
  /** The pack's name and description: what the prompt is about. */
  packTopic: string;
}

const STOP = new Set(
  'a an and are as at be but by can do for from had has have how i if in is it its me my of on or our so that the their them they this to up was we what when where which who why will with would you your yours'.split(' '),
);

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !STOP.has(w))
    .map((w) => (w.length > 4 && w.endsWith('s') ? w.slice(0, -1) : w));
}

/** Same words in the same order, ignoring case and punctuation: "the same prompt". */
export function sameText(a: string, b: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return norm(a) === norm(b);
}

/**
 * Up to `limit` suggestions for something described by `topic` (a pack's name and description, or a
 * channel's prompts), leaving out prompts whose text is already in `existing`. Ties keep library order, with
 * packs taken in turn so suggestions are varied.
 */
export function suggestPrompts(input: { topic: string; existing: readonly string[]; library: readonly SuggestionSource[]; limit: number }): SuggestionSource[] {
  const topic = new Set(words(input.topic));
  const fresh = input.library.filter((s) => !input.existing.some((e) => sameText(e, s.text)));
  const scored = fresh.map((s, i) => {
    const own = words(s.text).filter((w) => topic.has(w)).length;
    const pack = words(s.packTopic).filter((w) => topic.has(w)).length;
    return { s, score: own * 2 + pack, i };
  });
  // Round-robin rank within each pack so equal scores alternate packs.
  const rank = new Map<number, number>();
  const seenPerPack = new Map<number, number>();
  for (const x of scored) {
    const n = seenPerPack.get(x.s.packId) ?? 0;
    seenPerPack.set(x.s.packId, n + 1);
    rank.set(x.i, n);
  }
  scored.sort((a, b) => b.score - a.score || rank.get(a.i)! - rank.get(b.i)! || a.i - b.i);
  return scored.slice(0, input.limit).map((x) => x.s);
}

/** Trimmed, whitespace collapsed, non-empty, and each text once (ignoring case and punctuation). */
export function dedupeTexts(texts: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of texts) {
    const t = raw.trim().replace(/\s+/g, ' ');
    if (t && !out.some((o) => sameText(o, t))) out.push(t);
  }
  return out;
}
