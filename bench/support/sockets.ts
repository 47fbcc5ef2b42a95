/**
 * Work that blocks the event loop (PGlite runs in the bench's own process) outlasts the keep-alive timeouts of the
 * sockets fetch keeps idle in its pool. Let those timers run before the next call, or the call can be written on a
 * socket the server closes at that instant (ECONNRESET, and no measurement at all).
 */
export function letIdleSocketsClose(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}
