// The Intros settings rules are the server's own pure functions (src/intros/settings-rules.ts), imported, not
// copied, so the page shows exactly what the server will store.
export * from '../../../../src/intros/settings-rules';
