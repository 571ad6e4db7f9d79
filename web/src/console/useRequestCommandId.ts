import { useCallback, useRef } from 'react';

/**
 * A command id for each request as the staff member sends it: the same request sent again (its
 * answer lost, the button pressed twice) is the same command, done once by the server; a request
 * changed after a failure is a new command, never read by the server as the first one reused.
 */
export function useRequestCommandId(): (request: unknown) => string {
  const last = useRef<{ request: string; commandId: string } | null>(null);
  return useCallback((request: unknown) => {
    const key = JSON.stringify(request);
    if (last.current?.request !== key) last.current = { request: key, commandId: crypto.randomUUID() };
    return last.current.commandId;
  }, []);
}
