import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OffsetStore } from '../time/clock.js';

/**
 * The sandbox clock's offset in the data dir (`sandbox-clock.json`), where every process of one deployment
 * reads it: a restart does not move time backwards, and with split roles the worker's clock moves when the web
 * process advances it. Read again only when the file changed (a stat per read).
 */
export function clockFile(dataDir: string): OffsetStore {
  const path = join(dataDir, 'sandbox-clock.json');
  let seen = '';
  let aheadMs = 0;
  return {
    read() {
      const stat = statSync(path, { throwIfNoEntry: false });
      const version = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : '';
      if (stat && version !== seen) {
        seen = version;
        const saved = JSON.parse(readFileSync(path, 'utf8')) as { aheadMs?: unknown };
        aheadMs = typeof saved.aheadMs === 'number' && saved.aheadMs > 0 ? saved.aheadMs : 0;
      }
      return aheadMs;
    },
    write(offsetMs) {
      aheadMs = offsetMs;
      writeFileSync(path + '.tmp', JSON.stringify({ aheadMs: offsetMs }));
      renameSync(path + '.tmp', path);
    },
  };
}
