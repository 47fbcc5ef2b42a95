/**
 * Maximum-weight matching in general graphs: Edmonds' blossom algorithm with the primal-dual method, in
 * the O(n³) form described by Galil ("Efficient Algorithms for Finding Maximum Matching in Graphs", ACM
 * Computing Surveys, 1986) and made well known by Joris van Rantwijk's reference implementation, whose
 * structure and names this follows so it can be read side by side with it.
 *
 * Vertices are 0..n-1; non-trivial blossoms are n..2n-1. Edge k has endpoints 2k and 2k+1. Vertex duals are
 * stored doubled so integer weights keep every computation in integers (exact in a float64 below 2^53).
 */

/** An undirected edge [u, v, weight]; at most one edge per pair of vertices, no loops. */
export type WeightedEdge = readonly [number, number, number];

/**
 * Returns mate, where mate[v] is the vertex matched to v or -1.
 * With maxCardinality, only matchings of maximum cardinality are considered, and the heaviest of them is
 * returned. Use integer weights for exact results.
 */
export function maxWeightMatching(
  vertexCount: number,
  edges: readonly WeightedEdge[],
  maxCardinality = false,
): Int32Array {
  const nvertex = vertexCount;
  const nedge = edges.length;
  const result = new Int32Array(nvertex).fill(-1);
  if (nedge === 0 || nvertex < 2) return result;

  const edgeU = new Int32Array(nedge);
  const edgeV = new Int32Array(nedge);
  const edgeW = new Float64Array(nedge);
  let maxWeight = 0;
  for (let k = 0; k < nedge; k++) {
    const [u, v, w] = edges[k] as WeightedEdge;
    if (!(u >= 0 && v >= 0 && u < nvertex && v < nvertex && u !== v) || !Number.isFinite(w)) {
      throw new RangeError(`maxWeightMatching: bad edge ${k} (${u}, ${v}, ${w})`);
    }
    edgeU[k] = u;
    edgeV[k] = v;
    edgeW[k] = w;
    if (w > maxWeight) maxWeight = w;
  }

  // endpoint[p]: the vertex at endpoint p (edge p >> 1).
  const endpoint = new Int32Array(2 * nedge);
  for (let k = 0; k < nedge; k++) {
    endpoint[2 * k] = edgeU[k] as number;
    endpoint[2 * k + 1] = edgeV[k] as number;
  }
  // neighbend[v]: the remote endpoints of the edges at v.
  // Stored flat: the endpoints of v are neighbend[neighbendStart[v] .. neighbendStart[v + 1]).
  const neighbendStart = new Int32Array(nvertex + 1);
  for (let k = 0; k < nedge; k++) {
    const u = edgeU[k] as number;
    const v = edgeV[k] as number;
    neighbendStart[u + 1] = (neighbendStart[u + 1] as number) + 1;
    neighbendStart[v + 1] = (neighbendStart[v + 1] as number) + 1;
  }
  for (let v = 0; v < nvertex; v++) neighbendStart[v + 1] = (neighbendStart[v + 1] as number) + (neighbendStart[v] as number);
  const neighbend = new Int32Array(2 * nedge);
  const fill = neighbendStart.slice(0, nvertex);
  const place = (v: number, p: number): void => {
    const slot = fill[v] as number;
    neighbend[slot] = p;
    fill[v] = slot + 1;
  };
  for (let k = 0; k < nedge; k++) {
    place(edgeU[k] as number, 2 * k + 1);
    place(edgeV[k] as number, 2 * k);
  }

  // mate[v]: the remote endpoint of v's matched edge, or -1.
  const mate = new Int32Array(nvertex).fill(-1);
  // label of a top-level blossom: 0 free, 1 S, 2 T (5 marks a breadcrumb in scanBlossom).
  const label = new Int32Array(2 * nvertex);
  // labelend[b]: remote endpoint of the edge through which b got its label, or -1.
  const labelend = new Int32Array(2 * nvertex).fill(-1);
  const inblossom = new Int32Array(nvertex);
  for (let v = 0; v < nvertex; v++) inblossom[v] = v;
  const blossomparent = new Int32Array(2 * nvertex).fill(-1);
  const blossomchilds: Array<number[] | null> = new Array<number[] | null>(2 * nvertex).fill(null);
  const blossombase = new Int32Array(2 * nvertex).fill(-1);
  for (let v = 0; v < nvertex; v++) blossombase[v] = v;
  // blossomendps[b][i]: local endpoint of child i on the edge to child i+1.
  const blossomendps: Array<number[] | null> = new Array<number[] | null>(2 * nvertex).fill(null);
  // bestedge: least-slack edge to an S vertex (free vertices) or to another S blossom (S blossoms).
  const bestedge = new Int32Array(2 * nvertex).fill(-1);
  const blossombestedges: Array<number[] | null> = new Array<number[] | null>(2 * nvertex).fill(null);
  const unusedblossoms: number[] = [];
  for (let b = nvertex; b < 2 * nvertex; b++) unusedblossoms.push(b);
  // dualvar[v] = 2·u(v) for vertices; dualvar[b] = z(b) for blossoms.
  const dualvar = new Float64Array(2 * nvertex);
  for (let v = 0; v < nvertex; v++) dualvar[v] = maxWeight;
  const allowedge = new Uint8Array(nedge);
  let queue: number[] = [];

  const slack = (k: number): number =>
    (dualvar[edgeU[k] as number] as number) + (dualvar[edgeV[k] as number] as number) - 2 * (edgeW[k] as number);

  const childsOf = (b: number): number[] => blossomchilds[b] as number[];
  const endpsOf = (b: number): number[] => blossomendps[b] as number[];
  // Python-style indexing: a negative index counts from the end.
  const at = (list: number[], index: number): number => list[index < 0 ? index + list.length : index] as number;

  const blossomLeaves = (b: number, out: number[] = []): number[] => {
    if (b < nvertex) {
      out.push(b);
    } else {
      for (const t of childsOf(b)) {
        if (t < nvertex) out.push(t);
        else blossomLeaves(t, out);
      }
    }
    return out;
  };

  const assignLabel = (w: number, t: number, p: number): void => {
    const b = inblossom[w] as number;
    label[w] = label[b] = t;
    labelend[w] = labelend[b] = p;
    bestedge[w] = bestedge[b] = -1;
    if (t === 1) {
      blossomLeaves(b, queue);
    } else if (t === 2) {
      const base = blossombase[b] as number;
      const mateBase = mate[base] as number;
      assignLabel(endpoint[mateBase] as number, 1, mateBase ^ 1);
    }
  };

  // Trace back from v and w to find either a new blossom's base or an augmenting path (-1).
  const scanBlossom = (vStart: number, wStart: number): number => {
    let v = vStart;
    let w = wStart;
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v] as number;
      if ((label[b] as number) & 4) {
        base = blossombase[b] as number;
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) {
        v = -1;
      } else {
        v = endpoint[labelend[b] as number] as number;
        b = inblossom[v] as number;
        v = endpoint[labelend[b] as number] as number;
      }
      if (w !== -1) {
        const held = v;
        v = w;
        w = held;
      }
    }
    for (const b of path) label[b] = 1;
    return base;
  };

  const addBlossom = (base: number, k: number): void => {
    let v = edgeU[k] as number;
    let w = edgeV[k] as number;
    const bb = inblossom[base] as number;
    let bv = inblossom[v] as number;
    let bw = inblossom[w] as number;
    const b = unusedblossoms.pop() as number;
    blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomparent[bv] = b;
      path.push(bv);
      endps.push(labelend[bv] as number);
      v = endpoint[labelend[bv] as number] as number;
      bv = inblossom[v] as number;
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      blossomparent[bw] = b;
      path.push(bw);
      endps.push((labelend[bw] as number) ^ 1);
      w = endpoint[labelend[bw] as number] as number;
      bw = inblossom[w] as number;
    }
    blossomchilds[b] = path;
    blossomendps[b] = endps;
    label[b] = 1;
    labelend[b] = labelend[bb] as number;
    dualvar[b] = 0;
    for (const leaf of blossomLeaves(b)) {
      // A T vertex becomes S as part of an S blossom: scan it too.
      if (label[inblossom[leaf] as number] === 2) queue.push(leaf);
      inblossom[leaf] = b;
    }
    // Least-slack edges from the new blossom to each neighbouring S blossom.
    const bestedgeto = new Int32Array(2 * nvertex).fill(-1);
    for (const sub of path) {
      let lists: number[][];
      const known = blossombestedges[sub];
      if (known === null || known === undefined) {
        lists = [];
        for (const leaf of blossomLeaves(sub)) {
          const list: number[] = [];
          const end = neighbendStart[leaf + 1] as number;
          for (let q = neighbendStart[leaf] as number; q < end; q++) list.push((neighbend[q] as number) >> 1);
          lists.push(list);
        }
      } else {
        lists = [known];
      }
      for (const list of lists) {
        for (const edge of list) {
          let j = edgeV[edge] as number;
          if (inblossom[j] === b) j = edgeU[edge] as number;
          const bj = inblossom[j] as number;
          if (
            bj !== b &&
            label[bj] === 1 &&
            (bestedgeto[bj] === -1 || slack(edge) < slack(bestedgeto[bj] as number))
          ) {
            bestedgeto[bj] = edge;
          }
        }
      }
      blossombestedges[sub] = null;
      bestedge[sub] = -1;
    }
    const best: number[] = [];
    for (const edge of bestedgeto) if (edge !== -1) best.push(edge);
    blossombestedges[b] = best;
    bestedge[b] = -1;
    for (const edge of best) {
      if (bestedge[b] === -1 || slack(edge) < slack(bestedge[b] as number)) bestedge[b] = edge;
    }
  };

  const expandBlossom = (b: number, endstage: boolean): void => {
    for (const s of childsOf(b)) {
      blossomparent[s] = -1;
      if (s < nvertex) {
        inblossom[s] = s;
      } else if (endstage && dualvar[s] === 0) {
        expandBlossom(s, endstage);
      } else {
        for (const leaf of blossomLeaves(s)) inblossom[leaf] = s;
      }
    }
    // Expanding a T blossom mid-stage: relabel its sub-blossoms along the path to the base.
    if (!endstage && label[b] === 2) {
      const childs = childsOf(b);
      const endps = endpsOf(b);
      const entrychild = inblossom[endpoint[(labelend[b] as number) ^ 1] as number] as number;
      let j = childs.indexOf(entrychild);
      let jstep: number;
      let endptrick: number;
      if (j & 1) {
        j -= childs.length;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      let p = labelend[b] as number;
      while (j !== 0) {
        label[endpoint[p ^ 1] as number] = 0;
        label[endpoint[at(endps, j - endptrick) ^ endptrick ^ 1] as number] = 0;
        assignLabel(endpoint[p ^ 1] as number, 2, p);
        allowedge[at(endps, j - endptrick) >> 1] = 1;
        j += jstep;
        p = at(endps, j - endptrick) ^ endptrick;
        allowedge[p >> 1] = 1;
        j += jstep;
      }
      // Relabel the base T sub-blossom without stepping through to its mate.
      let bv = at(childs, j);
      label[endpoint[p ^ 1] as number] = label[bv] = 2;
      labelend[endpoint[p ^ 1] as number] = labelend[bv] = p;
      bestedge[bv] = -1;
      j += jstep;
      while (at(childs, j) !== entrychild) {
        bv = at(childs, j);
        if (label[bv] === 1) {
          j += jstep;
          continue;
        }
        const leaves = blossomLeaves(bv);
        let v = leaves[leaves.length - 1] as number;
        for (const leaf of leaves) {
          v = leaf;
          if (label[leaf] !== 0) break;
        }
        if (label[v] !== 0) {
          label[v] = 0;
          label[endpoint[mate[blossombase[bv] as number] as number] as number] = 0;
          assignLabel(v, 2, labelend[v] as number);
        }
        j += jstep;
      }
    }
    label[b] = labelend[b] = -1;
    blossomchilds[b] = blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    unusedblossoms.push(b);
  };

  // Swap matched and unmatched edges along the alternating path inside b from v to its base.
  const augmentBlossom = (b: number, v: number): void => {
    let t = v;
    while (blossomparent[t] !== b) t = blossomparent[t] as number;
    if (t >= nvertex) augmentBlossom(t, v);
    const childs = childsOf(b);
    const endps = endpsOf(b);
    const i = childs.indexOf(t);
    let j = i;
    let jstep: number;
    let endptrick: number;
    if (i & 1) {
      j -= childs.length;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    while (j !== 0) {
      j += jstep;
      t = at(childs, j);
      const p = at(endps, j - endptrick) ^ endptrick;
      if (t >= nvertex) augmentBlossom(t, endpoint[p] as number);
      j += jstep;
      t = at(childs, j);
      if (t >= nvertex) augmentBlossom(t, endpoint[p ^ 1] as number);
      mate[endpoint[p] as number] = p ^ 1;
      mate[endpoint[p ^ 1] as number] = p;
    }
    blossomchilds[b] = childs.slice(i).concat(childs.slice(0, i));
    blossomendps[b] = endps.slice(i).concat(endps.slice(0, i));
    blossombase[b] = blossombase[childsOf(b)[0] as number] as number;
  };

  // Augment along the path through edge k, which connects two S vertices, back to two single vertices.
  const augmentMatching = (k: number): void => {
    const starts: Array<[number, number]> = [
      [edgeU[k] as number, 2 * k + 1],
      [edgeV[k] as number, 2 * k],
    ];
    for (const [start, startEndpoint] of starts) {
      let s = start;
      let p = startEndpoint;
      for (;;) {
        const bs = inblossom[s] as number;
        if (bs >= nvertex) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint[labelend[bs] as number] as number;
        const bt = inblossom[t] as number;
        s = endpoint[labelend[bt] as number] as number;
        const j = endpoint[(labelend[bt] as number) ^ 1] as number;
        if (bt >= nvertex) augmentBlossom(bt, j);
        mate[j] = labelend[bt] as number;
        p = (labelend[bt] as number) ^ 1;
      }
    }
  };

  for (let stage = 0; stage < nvertex; stage++) {
    label.fill(0);
    bestedge.fill(-1);
    for (let b = nvertex; b < 2 * nvertex; b++) blossombestedges[b] = null;
    allowedge.fill(0);
    queue = [];
    for (let v = 0; v < nvertex; v++) {
      if (mate[v] === -1 && label[inblossom[v] as number] === 0) assignLabel(v, 1, -1);
    }

    let augmented = false;
    for (;;) {
      // Grow the alternating forest until an augmenting path or no more labels.
      while (queue.length > 0 && !augmented) {
        const v = queue.pop() as number;
        const end = neighbendStart[v + 1] as number;
        for (let q = neighbendStart[v] as number; q < end; q++) {
          const p = neighbend[q] as number;
          const k = p >> 1;
          const w = endpoint[p] as number;
          if (inblossom[v] === inblossom[w]) continue;
          let kslack = 0;
          if (!allowedge[k]) {
            kslack = slack(k);
            if (kslack <= 0) allowedge[k] = 1;
          }
          if (allowedge[k]) {
            const bw = inblossom[w] as number;
            if (label[bw] === 0) {
              assignLabel(w, 2, p ^ 1);
            } else if (label[bw] === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) {
                addBlossom(base, k);
              } else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              // w sits in a T blossom and is now reachable from outside it (needed when it expands).
              label[w] = 2;
              labelend[w] = p ^ 1;
            }
          } else if (label[inblossom[w] as number] === 1) {
            const b = inblossom[v] as number;
            if (bestedge[b] === -1 || kslack < slack(bestedge[b] as number)) bestedge[b] = k;
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(bestedge[w] as number)) bestedge[w] = k;
          }
        }
      }
      if (augmented) break;

      // No augmenting path with tight edges: move the duals by the smallest safe delta.
      let deltatype = -1;
      let delta = 0;
      let deltaedge = -1;
      let deltablossom = -1;
      if (!maxCardinality) {
        deltatype = 1;
        delta = Infinity;
        for (let v = 0; v < nvertex; v++) delta = Math.min(delta, dualvar[v] as number);
      }
      for (let v = 0; v < nvertex; v++) {
        if (label[inblossom[v] as number] === 0 && bestedge[v] !== -1) {
          const d = slack(bestedge[v] as number);
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge[v] as number;
          }
        }
      }
      for (let b = 0; b < 2 * nvertex; b++) {
        if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
          const d = slack(bestedge[b] as number) / 2;
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = bestedge[b] as number;
          }
        }
      }
      for (let b = nvertex; b < 2 * nvertex; b++) {
        if (
          (blossombase[b] as number) >= 0 &&
          blossomparent[b] === -1 &&
          label[b] === 2 &&
          (deltatype === -1 || (dualvar[b] as number) < delta)
        ) {
          delta = dualvar[b] as number;
          deltatype = 4;
          deltablossom = b;
        }
      }
      if (deltatype === -1) {
        // Max-cardinality optimum reached; a final update keeps the duals verifiable.
        deltatype = 1;
        let minDual = Infinity;
        for (let v = 0; v < nvertex; v++) minDual = Math.min(minDual, dualvar[v] as number);
        delta = Math.max(0, minDual);
      }

      for (let v = 0; v < nvertex; v++) {
        const vlabel = label[inblossom[v] as number];
        if (vlabel === 1) dualvar[v] = (dualvar[v] as number) - delta;
        else if (vlabel === 2) dualvar[v] = (dualvar[v] as number) + delta;
      }
      for (let b = nvertex; b < 2 * nvertex; b++) {
        if ((blossombase[b] as number) >= 0 && blossomparent[b] === -1) {
          if (label[b] === 1) dualvar[b] = (dualvar[b] as number) + delta;
          else if (label[b] === 2) dualvar[b] = (dualvar[b] as number) - delta;
        }
      }

      if (deltatype === 1) break;
      if (deltatype === 2) {
        allowedge[deltaedge] = 1;
        let i = edgeU[deltaedge] as number;
        if (label[inblossom[i] as number] === 0) i = edgeV[deltaedge] as number;
        queue.push(i);
      } else if (deltatype === 3) {
        allowedge[deltaedge] = 1;
        queue.push(edgeU[deltaedge] as number);
      } else if (deltatype === 4) {
        expandBlossom(deltablossom, false);
      }
    }

    if (!augmented) break;

    // End of stage: expand S blossoms whose dual reached zero.
    for (let b = nvertex; b < 2 * nvertex; b++) {
      if (blossomparent[b] === -1 && (blossombase[b] as number) >= 0 && label[b] === 1 && dualvar[b] === 0) {
        expandBlossom(b, true);
      }
    }
  }

  for (let v = 0; v < nvertex; v++) {
    const m = mate[v] as number;
    result[v] = m >= 0 ? (endpoint[m] as number) : -1;
  }
  return result;
}
