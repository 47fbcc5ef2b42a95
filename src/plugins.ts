import type { HearthPlugin } from './hearth.js';
import { introsPlugin } from './intros/plugin.js';
import { watercoolerPlugin } from './watercooler/plugin.js';
import { celebrationsPlugin } from './celebrations/plugin.js';

/**
 * The program capabilities, in the order their home sections appear. Each registers its program kind, due
 * sources, /hearth subcommands and home section, and returns its routes, listeners and job handlers.
 */
export const programPlugins: HearthPlugin[] = [introsPlugin, watercoolerPlugin, celebrationsPlugin];
