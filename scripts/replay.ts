import { lotStreamId, PostgresEventStore } from '@auction/engine';
import { formatHistory, replayLot, verifyStream } from '@auction/engine/replay';
import { verifyReadModels } from '@auction/projections';
import { openDatabase } from './lib/database.ts';
import { progressBar } from './lib/progressBar.ts';

/**
 * `npm run replay -- --lot ID [--json]`: an auditor's replay of one lot's stream.
 * `npm run replay -- --all [--json]`: every lot's stream checked against itself, with a progress bar.
 * `npm run replay -- --all --verify`: also compares the read models (projections) with a fresh replay
 * of every stream and reports each difference; exits 1 on any inconsistency.
 * Reads DATABASE_URL, else the embedded database of `npm start` (started for the run if it is not running).
 */
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const lotIndex = args.indexOf('--lot');
const lotId = lotIndex >= 0 ? args[lotIndex + 1] : undefined;
if (!lotId && !flag('all')) {
  console.error('usage: npm run replay -- --lot ID [--json] | --all [--verify] [--json]');
  process.exit(2);
}

const database = await openDatabase();
const store = new PostgresEventStore(database.pool);
let exitCode = 0;
try {
  if (lotId) {
    const events = await store.readStream(lotStreamId(lotId));
    if (events.length === 0) {
      console.error(`lot ${lotId}: no events (unknown lot, or never opened)`);
      exitCode = 1;
    } else {
      const history = replayLot(lotStreamId(lotId), events);
      if (flag('json'))
        console.log(
          JSON.stringify({ streamId: history.streamId, entries: history.entries, standing: history.standing }, null, 2),
        );
      else console.log(formatHistory(history));
    }
  } else {
    const streams = await store.listStreams('lot-');
    const problems: Array<{ streamId: string; problems: string[] }> = [];
    const bar = progressBar('streams    ');
    for (const [i, streamId] of streams.entries()) {
      const found = verifyStream(await store.readStream(streamId));
      if (found.length) problems.push({ streamId, problems: found });
      bar.update(i + 1, streams.length);
    }
    bar.done();
    const readModels = flag('verify')
      ? await (async () => {
          const modelsBar = progressBar('read models');
          const result = await verifyReadModels({ ...database, onProgress: modelsBar.update });
          modelsBar.done();
          return result;
        })()
      : null;
    if (flag('json'))
      console.log(
        JSON.stringify(
          {
            lots: streams.length,
            mismatches: problems.length,
            problems,
            ...(readModels && { readModels }),
          },
          null,
          2,
        ),
      );
    else {
      console.log(`Replayed ${streams.length} lots: ${problems.length} with differences.`);
      for (const p of problems) console.log(`  ${p.streamId}: ${p.problems.join('; ')}`);
      if (readModels) {
        const lotsWithDifferences = new Set(readModels.mismatches.map((m) => m.lotId)).size;
        console.log(
          `Read models of ${readModels.lots} lots compared with the replay: ${readModels.mismatches.length} differences in ${lotsWithDifferences} lots.`,
        );
        for (const m of readModels.mismatches)
          console.log(
            `  ${m.lotId === null ? `donation ${m.donationId}` : `lot ${m.lotId}`} ${m.field}: read model ${show(m.readModel)}, replay ${show(m.replay)}`,
          );
        if (readModels.skipped.length) console.log(`  not compared (no lots row): ${readModels.skipped.join(', ')}`);
      }
    }
    if (flag('verify') && (problems.length || readModels?.mismatches.length)) exitCode = 1;
  }
} finally {
  await database.close();
}
process.exit(exitCode);

function show(value: unknown): string {
  return value === undefined ? '-' : JSON.stringify(value);
}
