import type { TestProject } from 'vitest/node';
import { migratedTemplate } from './db.js';

/**
 * globalSetup of the projects that open databases: runs the migrations once for the whole run. On Postgres a
 * template database (each file's database is `create database … template`); on PGlite a migrated data directory
 * (each file opens its own copy). Every test file still gets a database of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const made = await migratedTemplate();
  if (made.provide.templateDatabase) project.provide('templateDatabase', made.provide.templateDatabase);
  if (made.provide.pgliteMigrated) project.provide('pgliteMigrated', made.provide.pgliteMigrated);
  return () => made.drop();
}
