/**
 * Polls until the check passes, and answers what it answered; when time runs out, throws the
 * check's last failure, so a test says what was still wrong rather than only that it waited.
 * For tests of what other processes do in their own time (projections, workers, queues).
 */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
