import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedTemplate } from './db.js';

/**
 * globalSetup of the projects that open databases: runs the migrations once for the whole run. On Postgres a
 * template database (each file's database is `create database … template`); on PGlite a dump of the migrated
 * data directory (each file opens its own copy). Every test file still gets a database of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const made = await migratedTemplate();
  const dir = mkdtempSync(join(tmpdir(), 'hearth-db-'));
  if (made.provide.templateDatabase) project.provide('templateDatabase', made.provide.templateDatabase);
  if (made.provide.pgliteDump) {
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await made.provide.pgliteDump.arrayBuffer()));
    project.provide('pgliteDump', file);
  }
  return async () => {
    await made.drop();
    rmSync(dir, { recursive: true, force: true });
  };
}
