import { loadConfig } from '../config.js';
import { openDatabase, pgliteDirFor } from './index.js';
import { migrateToLatest } from './migrate.js';

const config = loadConfig();
const handle = await openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
await migrateToLatest(handle.db);
await handle.close();
console.warn(`migrations applied (${handle.kind})`);
