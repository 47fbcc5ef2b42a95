import { describe, expect, it } from 'vitest';
import { maxWeightMatching } from '../../../src/intros/pairing/blossom.js';
import type { WeightedEdge } from '../../../src/intros/pairing/blossom.js';
import { createRandom } from '../../../src/intros/pairing/random.js';

/** Every matching of a small graph, best by (cardinality when asked, then weight). */
function bruteForce(vertexCount: number, edges: readonly WeightedEdge[], maxCardinality: boolean) {
  const weight = new Map<number, number>();
  for (const [u, v, w] of edges) weight.set(u * vertexCount + v, w).set(v * vertexCount + u, w);
  let best = { cardinality: -1, weight: -Infinity };
  const used = new Array<boolean>(vertexCount).fill(false);
  const visit = (from: number, cardinality: number, total: number): void => {
    let v = from;
    while (v < vertexCount && used[v]) v++;
    if (v >= vertexCount) {
      const better = maxCardinality
        ? cardinality > best.cardinality || (cardinality === best.cardinality && total > best.weight)
        : total > best.weight;
      if (better) best = { cardinality, weight: total };
      return;
    }
    used[v] = true;
    visit(v + 1, cardinality, total);
    for (let u = v + 1; u < vertexCount; u++) {
      const w = weight.get(v * vertexCount + u);
      if (!used[u] && w !== undefined) {
        used[u] = true;
        visit(v + 1, cardinality + 1, total + w);
        used[u] = false;
      }
    }
    used[v] = false;
  };
  visit(0, 0, 0);
  return best;
}

function measure(vertexCount: number, edges: readonly WeightedEdge[], mate: Int32Array) {
  const weight = new Map<number, number>();
  for (const [u, v, w] of edges) weight.set(u * vertexCount + v, w).set(v * vertexCount + u, w);
  let cardinality = 0;
  let total = 0;
  for (let v = 0; v < vertexCount; v++) {
    const u = mate[v] as number;
    if (u === -1) continue;
    expect(mate[u]).toBe(v);
    const w = weight.get(v * vertexCount + u);
    expect(w, `matched pair ${v}-${u} must be an edge`).toBeDefined();
    if (v < u) {
      cardinality++;
      total += w as number;
    }
  }
  return { cardinality, weight: total };
}

function randomGraph(seed: string) {
  const random = createRandom(seed);
  const vertexCount = 2 + random.int(9);
  const density = 0.2 + random.next() * 0.8;
  const negative = random.next() < 0.3;
  const range = random.next() < 0.5 ? 5 : 100; // small ranges force many ties
  const edges: WeightedEdge[] = [];
  for (let u = 0; u < vertexCount; u++) {
    for (let v = u + 1; v < vertexCount; v++) {
      if (random.next() < density) edges.push([u, v, random.int(range) - (negative ? range / 2 : 0)]);
    }
  }
  return { vertexCount, edges };
}

describe('maxWeightMatching (Edmonds blossom)', () => {
  it('matches brute force on 1,500 small random graphs, with and without max cardinality', () => {
    for (let t = 0; t < 1500; t++) {
      const { vertexCount, edges } = randomGraph(`graph:${t}`);
      for (const maxCardinality of [false, true]) {
        const got = measure(vertexCount, edges, maxWeightMatching(vertexCount, edges, maxCardinality));
        const want = bruteForce(vertexCount, edges, maxCardinality);
        expect(got.weight, `graph ${t} maxCardinality=${maxCardinality}`).toBe(want.weight);
        if (maxCardinality) expect(got.cardinality).toBe(want.cardinality);
      }
    }
  });

  it('handles the blossom cases that break naive implementations (checked against brute force)', () => {
    // Graphs that create S-blossoms, relabel them as T, nest them and expand them (van Rantwijk's suite).
    const cases: Array<[number, WeightedEdge[]]> = [
      [5, [[1, 2, 8], [1, 3, 9], [2, 3, 10], [3, 4, 7]]],
      [7, [[1, 2, 9], [1, 3, 8], [2, 3, 10], [1, 4, 5], [4, 5, 4], [1, 6, 3]]],
      [7, [[1, 2, 9], [1, 3, 9], [2, 3, 10], [2, 4, 8], [3, 5, 8], [4, 5, 10], [5, 6, 6]]],
      [9, [[1, 2, 10], [1, 7, 10], [2, 3, 12], [3, 4, 20], [3, 5, 20], [4, 5, 25], [5, 6, 10], [6, 7, 10], [7, 8, 8]]],
      [9, [[1, 2, 8], [1, 3, 8], [2, 3, 10], [2, 4, 12], [3, 5, 12], [4, 5, 14], [4, 6, 12], [5, 7, 12], [6, 7, 14], [7, 8, 12]]],
      [9, [[1, 2, 23], [1, 5, 22], [1, 6, 15], [2, 3, 25], [3, 4, 22], [4, 5, 25], [4, 8, 14], [5, 7, 13]]],
      [9, [[1, 2, 19], [1, 3, 20], [1, 8, 8], [2, 3, 25], [2, 4, 18], [3, 5, 18], [4, 5, 13], [4, 7, 7], [5, 6, 7]]],
      [11, [[1, 2, 45], [1, 5, 45], [2, 3, 50], [3, 4, 45], [4, 5, 50], [1, 6, 30], [3, 9, 35], [4, 8, 35], [5, 7, 26], [9, 10, 5]]],
      [11, [[1, 2, 45], [1, 5, 45], [2, 3, 50], [3, 4, 45], [4, 5, 50], [1, 6, 30], [3, 9, 35], [4, 8, 26], [5, 7, 40], [9, 10, 5]]],
      [11, [[1, 2, 45], [1, 5, 45], [2, 3, 50], [3, 4, 45], [4, 5, 50], [1, 6, 30], [3, 9, 35], [4, 8, 28], [5, 7, 26], [9, 10, 5]]],
      [13, [[1, 2, 45], [1, 7, 45], [2, 3, 50], [3, 4, 45], [4, 5, 95], [4, 6, 94], [5, 6, 94], [6, 7, 50], [1, 8, 30], [3, 11, 35], [5, 9, 36], [7, 10, 26], [11, 12, 5]]],
      [11, [[1, 2, 40], [1, 3, 40], [2, 3, 60], [2, 4, 55], [3, 5, 55], [4, 5, 50], [1, 8, 15], [5, 7, 30], [7, 6, 10], [8, 10, 10], [4, 9, 30]]],
    ];
    for (const [vertexCount, edges] of cases) {
      for (const maxCardinality of [false, true]) {
        const got = measure(vertexCount, edges, maxWeightMatching(vertexCount, edges, maxCardinality));
        const want = bruteForce(vertexCount, edges, maxCardinality);
        expect(got.weight).toBe(want.weight);
        if (maxCardinality) expect(got.cardinality).toBe(want.cardinality);
      }
    }
  });

  it('prefers cardinality over weight only when asked', () => {
    const edges: WeightedEdge[] = [[1, 2, 5], [2, 3, 11], [3, 4, 5]];
    expect([...maxWeightMatching(5, edges)]).toEqual([-1, -1, 3, 2, -1]);
    expect([...maxWeightMatching(5, edges, true)]).toEqual([-1, 2, 1, 4, 3]);
  });

  it('returns a perfect matching of a complete graph and is exact with large integer weights', () => {
    const random = createRandom('complete');
    const n = 60;
    const edges: WeightedEdge[] = [];
    for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) edges.push([u, v, 1e9 + random.int(1e6)]);
    const mate = maxWeightMatching(n, edges, true);
    expect([...mate].every((m) => m >= 0)).toBe(true);
  });

  it('handles empty graphs and rejects malformed edges', () => {
    expect([...maxWeightMatching(0, [])]).toEqual([]);
    expect([...maxWeightMatching(3, [])]).toEqual([-1, -1, -1]);
    expect([...maxWeightMatching(2, [[0, 1, 1]])]).toEqual([1, 0]);
    expect(() => maxWeightMatching(2, [[0, 0, 1]])).toThrow(RangeError);
    expect(() => maxWeightMatching(2, [[0, 2, 1]])).toThrow(RangeError);
    expect(() => maxWeightMatching(2, [[0, 1, Number.NaN]])).toThrow(RangeError);
  });
});
