/**
 * Starts a local double's server and settles once it listens, or fails with the listen error (a
 * port taken), so a double's start either answers or names why it could not.
 */
export function listen(
  server: {
    once(event: 'error', listener: (error: Error) => void): unknown;
    off(event: 'error', listener: (error: Error) => void): unknown;
    listen(port: number, host: string, callback: () => void): unknown;
  },
  port: number,
  host: string,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
