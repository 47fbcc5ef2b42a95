import type { ChannelProgram } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { parse } from '../http/validate.js';
import { requireAccess } from '../platform/access.js';
import type { CelebrationsDeps } from './deps.js';
import { programRef } from './schema.js';

/**
 * The one check of every Celebrations call: the celebrations program with this id, when this member may change it
 * (its owner, editors and workspace admins; the programs' policy). Another workspace's id is a 404, anyone else a 403.
 */
export function editableProgram(programs: CelebrationsDeps['programs'], auth: AuthContext, id: number): Promise<ChannelProgram> {
  return requireAccess(auth, programs.policy('CelebrationProgram'), id, 'edit');
}

/** The program a body or query names (`celebration_program_id`), checked before the rest of it is read. */
export function programNamedIn(programs: CelebrationsDeps['programs'], auth: AuthContext, input: unknown): Promise<ChannelProgram> {
  return editableProgram(programs, auth, parse(programRef, input).celebration_program_id);
}
