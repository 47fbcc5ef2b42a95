/**
 * How Hearth greets a person, in Slack (the Home tab) and on the pages (their home): the first word of their name
 * as `personName` gives it, '' for none. Dependency free, so the pages import this very file.
 */
export const greetingName = (name: string): string => name.trim().split(/\s+/)[0] ?? '';
