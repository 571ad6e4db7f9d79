import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AuditExport, EXPORT_FORMAT, verifyExport } from '../../src/audit/auditExport.ts';
import { publicKeyText, signCheckpoint } from '../../src/audit/checkpointSignature.ts';
import { chainHashes, GENESIS_HASH } from '../../src/audit/eventHash.ts';

const { privateKey } = generateKeyPairSync('ed25519');
const publicKey = publicKeyText(privateKey);

/** An auction's export of two lots of three bids each, chained and checkpointed as the store does. */
function anExport(): AuditExport {
  const streams = ['lot-1', 'lot-2'].map((streamId) => {
    const events = [1, 2, 3].map((v) => ({
      streamId,
      streamVersion: v,
      type: 'BidPlaced',
      data: { bidderId: `u${v}`, amount: 1000 * v },
      meta: { commandId: `${streamId}-${v}`, userId: `u${v}`, at: 1_795_000_000_000 + v },
      recordedAt: 1_795_000_000_000 + v,
    }));
    const hashes = chainHashes(events, GENESIS_HASH);
    return { streamId, events: events.map(({ streamId: _, ...e }, i) => ({ ...e, hash: hashes[i] as string })) };
  });
  const heads = streams.map((s) => ({ streamId: s.streamId, version: 3, hash: s.events[2]?.hash as string }));
  return {
    format: EXPORT_FORMAT,
    auctionId: '7',
    exportedAt: 1_795_000_001_000,
    streams,
    checkpoint: { id: '1', ...signCheckpoint(heads, privateKey, 1_795_000_000_500) },
  };
}

function verifyWithCli(file: AuditExport): { status: number | null; stdout: string } {
  const path = join(mkdtempSync(join(tmpdir(), 'audit-export-')), 'export.json');
  writeFileSync(path, JSON.stringify(file));
  const root = resolve(import.meta.dirname, '../../..');
  const run = spawnSync('npx', ['tsx', 'scripts/audit-verify.ts', '--file', path, '--public-key', publicKey], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout };
}

describe("an auction's export, verified offline", () => {
  it('verifies a clean export, chains and checkpoint', () => {
    expect(verifyExport(anExport(), publicKey)).toEqual({ events: 6, streams: 2, problems: [], checkpointFaults: [] });
  });

  it('names an edited amount, and a checkpoint held to another key', () => {
    const file = anExport();
    const event = file.streams[1]?.events[1] as { data: { amount: number } };
    event.data.amount = 1;
    const report = verifyExport(file, publicKeyText(generateKeyPairSync('ed25519').privateKey));
    expect(report.problems).toEqual([expect.objectContaining({ kind: 'edited', streamId: 'lot-2', streamVersion: 2 })]);
    expect(report.checkpointFaults).toEqual(['checkpoint 1 is signed by another key than the audit key']);
  });

  it('names the bids cut off the end of a lot after the checkpoint signed them', () => {
    const file = anExport();
    file.streams[0]?.events.pop();
    expect(verifyExport(file, publicKey).problems).toEqual([
      expect.objectContaining({ kind: 'deleted', streamId: 'lot-1', streamVersion: 3 }),
    ]);
  });

  it('npm run audit:verify -- --file exits 0 on a clean export and 1 naming the first tampered event', () => {
    const clean = verifyWithCli(anExport());
    expect(clean.stdout).toContain('OK: the log is as it was written');
    expect(clean.status).toBe(0);
    const file = anExport();
    const [, second] = file.streams[0]?.events ?? [];
    if (second) second.streamVersion = 9;
    const tampered = verifyWithCli(file);
    expect(tampered.stdout).toContain('first event tampered with: DELETED: stream lot-1, version 2');
    expect(tampered.status).toBe(1);
  }, 60_000);
});
