import type { Executor } from '../db/index.js';
import type { ChannelProgram } from '../db/types.js';
import { HttpError } from '../http/errors.js';
import { buildQueue, type QueueInput, type QueueState } from './queue.js';
import type { QueueRows, WatercoolerRepository } from './repository.js';
import type { Prompt, Watercooler } from './tables.js';

/** A watercooler's queue: the rows it draws from, the pure queue's input, and its state now. */
export interface QueueContext {
  rows: QueueRows;
  input: QueueInput;
  state: QueueState;
}

/** Reads a watercooler's configuration and queue; the settings, prompts, posting and the page all start here. */
export class QueueReader {
  constructor(private readonly repo: WatercoolerRepository) {}

  /** The program's watercooler row (404 when it has none). */
  async config(program: ChannelProgram): Promise<Watercooler> {
    const wc = await this.repo.get(program.workspace_id, program.id);
    if (!wc) throw new HttpError(404, 'Not found');
    return wc;
  }

  /** `paid` includes its own prompts and premium packs; `ex` joins the caller's transaction. */
  async load(wc: Watercooler, paid: boolean, ex?: Executor): Promise<QueueContext> {
    const rows = await this.repo.queueRows(wc, { paid }, ex);
    const byPack = new Map<number, Prompt[]>();
    for (const p of rows.packPrompts) byPack.set(p.pack_id!, [...(byPack.get(p.pack_id!) ?? []), p]);
    const input: QueueInput = {
      own: rows.own.map((p) => ({ id: p.id, packId: null })),
      packs: rows.packs.map((pack) => ({ id: pack.id, prompts: (byPack.get(pack.id) ?? []).map((p) => ({ id: p.id, packId: pack.id })) })),
      skipped: rows.adjustments.filter((a) => a.kind === 'skip').map((a) => a.prompt_id),
      pinned: rows.adjustments.filter((a) => a.kind === 'pin').map((a) => a.prompt_id),
      manualOrder: wc.queue_order,
      sentThisCycle: rows.sentThisCycle,
    };
    return { rows, input, state: buildQueue(input) };
  }
}
