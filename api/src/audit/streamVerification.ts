import type { auditReplay } from '@auction/contract';
import { type Checkpoint, checkpointFault, checkStream, type LoggedEvent, signedHeads } from '@auction/engine/audit';

/**
 * One stream's verdict, as `npm run audit:verify` gives it for the whole log: its chain recomputed
 * from the stored rows, held to the head the latest checkpoint signed, and that checkpoint's root,
 * signature and key. `trustedKey` is the platform's public key when this process holds it.
 */
export function streamVerification(
  streamId: string,
  events: ReadonlyArray<Omit<LoggedEvent, 'streamId'>>,
  checkpoint: Checkpoint | null,
  trustedKey?: string,
): auditReplay.ReplayVerification {
  const signed = checkpoint ? (signedHeads([checkpoint]).get(streamId) ?? []) : [];
  const problem = checkStream(
    events.map((event) => ({ ...event, streamId })),
    signed,
  );
  const fault = checkpoint ? checkpointFault(checkpoint, trustedKey) : null;
  const head = events[events.length - 1];
  return {
    status: problem === null && fault === null ? 'verified' : 'broken',
    eventCount: events.length,
    headHash: head?.hash ?? null,
    problem: problem && { kind: problem.kind, streamVersion: problem.streamVersion, detail: problem.detail },
    checkpoint: checkpoint && {
      id: checkpoint.id,
      root: checkpoint.root,
      signedAt: new Date(checkpoint.signedAt).toISOString(),
      signedVersion: signed[0]?.version ?? null,
      fault,
    },
  };
}
