import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';

/** Whether a command is on the PATH. */
export function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Installs Debian packages the product needs (redis-server, chromium) when it may: on Debian or
 * Ubuntu, as root or with password-less sudo. Returns false when it may not or the install fails;
 * the caller then stops with a message that says how to get the package.
 */
export function aptInstall(packages: string[], log: (line: string) => void): boolean {
  if (!existsSync('/etc/debian_version') || !onPath('apt-get')) return false;
  const asRoot = userInfo().uid === 0;
  if (!asRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0) return false;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  log(`${packages.join(' and ')} missing: installing with apt-get…`);
  for (const args of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages],
  ]) {
    const [cmd, ...rest] = [...prefix, ...args] as [string, ...string[]];
    const run = spawnSync(cmd, rest, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (run.status !== 0) return false;
  }
  return true;
}
