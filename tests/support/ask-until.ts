/**
 * Asks again until the answer is the awaited one, and returns it. For a state a test can only
 * see by asking, such as a page the server's cache stores after it has answered (the first
 * `X-Cache: HIT` is the only sign the store is done): each ask waits for its own answer, with no
 * sleep between asks and no count of tries that a busy machine could run out of. The test's
 * timeout bounds it; pass the test's `signal` so that the asking stops when the test does.
 */
export async function askUntil<T>(
  ask: () => Promise<T>,
  done: (answer: T) => boolean,
  signal?: AbortSignal,
): Promise<T> {
  for (;;) {
    signal?.throwIfAborted();
    const answer = await ask();
    if (done(answer)) return answer;
  }
}
