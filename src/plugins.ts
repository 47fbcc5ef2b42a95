import type { HearthPlugin } from './hearth.js';

/**
 * The program capabilities, in the order their home sections appear. Each registers its program kind, due
 * sources, /hearth subcommands and home section, and returns its routes, listeners and job handlers.
 */
export const programPlugins: HearthPlugin[] = [];
