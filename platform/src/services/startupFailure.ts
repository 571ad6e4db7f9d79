/**
 * One sentence for a service that could not start: the cause, then the variable that changes it.
 * Read from the error code of a failed spawn or file operation and from the server's own last
 * words, so the user sees neither a stack trace nor a page of server log.
 */
export interface StartupFailureInput {
  service: 'PostgreSQL' | 'Redis';
  /** Node's error code (EACCES, ENOENT, ENOSPC, EADDRINUSE), when the failure came from Node. */
  code?: string | undefined;
  /** What the server printed before it stopped. */
  output?: string | undefined;
  port: number;
  dataDir: string;
  /** The variable that points at a server of the user's own. */
  urlVariable: 'DATABASE_URL' | 'REDIS_URL';
  portVariable: 'EMBEDDED_PG_PORT' | 'EMBEDDED_REDIS_PORT';
  binary?: string | undefined;
}

export function describeStartupFailure(input: StartupFailureInput): string {
  const output = input.output ?? '';
  const own = `or set ${input.urlVariable} to use a server of your own`;
  if (
    input.code === 'EADDRINUSE' ||
    /address already in use|could not bind|could not create any TCP\/IP sockets/i.test(output)
  ) {
    return `${input.service} could not start: port ${input.port} is already in use. Set ${input.portVariable} to a free port, ${own}.`;
  }
  if (input.code === 'ENOSPC' || /no space left on device/i.test(output)) {
    return `${input.service} could not start: no space left on the disk holding ${input.dataDir}. Free some space, set DATA_DIR to another disk, ${own}.`;
  }
  if (/database files are incompatible with server|was initialized by PostgreSQL version/i.test(output)) {
    const found = /initialized by PostgreSQL version (\d+)[^\d]+(\d+)/i.exec(output);
    const versions = found ? ` (made by PostgreSQL ${found[1]}, this server is ${found[2]})` : '';
    return `${input.service} could not start: the data directory ${input.dataDir} comes from another PostgreSQL version${versions}. Move it away, set DATA_DIR to a new folder, ${own}.`;
  }
  if (input.code === 'EACCES' || input.code === 'EPERM' || /permission denied/i.test(output)) {
    const what = input.binary ? `${input.binary} or ${input.dataDir}` : input.dataDir;
    return `${input.service} could not start: permission denied on ${what}. Set DATA_DIR to a folder you own, ${own}.`;
  }
  if (input.code === 'ENOENT') {
    const what = input.binary ?? 'its program';
    return `${input.service} could not start: ${what} was not found. Reinstall the dependencies (rm -rf node_modules && npm install), ${own}.`;
  }
  const last = output.trim().split('\n').slice(-3).join(' | ');
  return `${input.service} could not start on port ${input.port} with data in ${input.dataDir}${last ? `: ${last}` : ''}. Set ${input.portVariable} or DATA_DIR, ${own}.`;
}
