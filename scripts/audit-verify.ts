import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type AuditExport,
  type ChainProblem,
  loadSigningKey,
  publicKeyText,
  SIGNING_KEY_FILE,
  takeCheckpoint,
  verifyExport,
  verifyLog,
} from '@auction/engine/audit';
import { loadConfig } from '@auction/platform';
import { openDatabase } from './lib/database.ts';
import { progressBar } from './lib/progressBar.ts';

/**
 * `npm run audit:verify`: recomputes every stream's hash chain and checks the latest checkpoints
 * (root, signature, signed heads); names the first event edited, deleted, inserted or reordered.
 * `-- --file export.json`: the same checks on an auction's export, offline (no database).
 * `-- --checkpoint`: signs a checkpoint of the log as it is now before verifying.
 * `-- --checkpoints N` (default 5), `-- --public-key BASE64` (the key the checkpoints must be
 * signed with; by default the audit key of this installation, when it is at hand), `-- --json`.
 * Exit code 0 when everything verifies, 1 when anything does not, 2 on a usage error.
 */
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

const config = loadConfig();
const keyAtHand = config.AUDIT_SIGNING_KEY || existsSync(resolve(config.DATA_DIR, SIGNING_KEY_FILE));
const signingKey = () => loadSigningKey({ key: config.AUDIT_SIGNING_KEY, dataDir: config.DATA_DIR });
const trustedKey = option('public-key') ?? (keyAtHand ? publicKeyText(signingKey()) : undefined);
const fingerprint = (key: string) => createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 16);

const describe = (p: ChainProblem) =>
  `${p.kind.toUpperCase()}: stream ${p.streamId}, version ${p.streamVersion}` +
  `${p.globalPosition !== undefined ? ` (position ${p.globalPosition})` : ''}: ${p.detail}`;

function report(result: {
  events: number;
  streams: number;
  problems: ChainProblem[];
  checkpointFaults: string[];
  checkpoints: Array<{ id: string; signedAt: number; root: string; publicKey: string }>;
}): number {
  const ok = result.problems.length === 0 && result.checkpointFaults.length === 0;
  if (flag('json')) {
    console.log(JSON.stringify({ ok, ...result, first: result.problems[0] ?? null }, null, 2));
    return ok ? 0 : 1;
  }
  console.log(`${result.events} events in ${result.streams} streams recomputed`);
  for (const c of result.checkpoints) {
    console.log(
      `checkpoint ${c.id} signed ${new Date(c.signedAt).toISOString()} root ${c.root.slice(0, 16)}… key ${fingerprint(c.publicKey)}`,
    );
  }
  if (result.checkpoints.length === 0) console.log('no checkpoint yet: the chains alone were checked');
  if (!trustedKey) console.log("the audit key is not at hand: checkpoints' signatures checked against their own keys");
  for (const fault of result.checkpointFaults) console.log(`CHECKPOINT: ${fault}`);
  const [first, ...rest] = result.problems;
  if (first) {
    console.log(`first event tampered with: ${describe(first)}`);
    for (const p of rest) console.log(`  also ${describe(p)}`);
  }
  console.log(ok ? 'OK: the log is as it was written' : 'FAILED: the log was changed after it was written');
  return ok ? 0 : 1;
}

const file = option('file');
let exitCode: number;
if (file) {
  let parsed: AuditExport;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as AuditExport;
  } catch (error) {
    console.error(`cannot read ${file}: ${(error as Error).message}`);
    process.exit(2);
  }
  const result = verifyExport(parsed, trustedKey);
  exitCode = report({ ...result, checkpoints: parsed.checkpoint ? [parsed.checkpoint] : [] });
} else {
  const database = await openDatabase();
  try {
    if (flag('checkpoint')) {
      const taken = await takeCheckpoint(database.pool, signingKey());
      console.log(`checkpoint ${taken.id} over ${taken.streamCount} streams`);
      for (const problem of taken.withheld) {
        console.log(`WITHHELD: stream ${problem.streamId}, version ${problem.streamVersion}: ${problem.detail}`);
      }
    }
    const bar = process.stderr.isTTY && !flag('json') ? progressBar('events     ') : null;
    const result = await verifyLog(database.pool, {
      ...(trustedKey ? { trustedKey } : {}),
      checkpoints: Number(option('checkpoints') ?? 5),
      ...(bar ? { onProgress: (done: number, total: number) => bar.update(done, total) } : {}),
    });
    bar?.done();
    exitCode = report(result);
  } finally {
    await database.close();
  }
}
process.exit(exitCode);
