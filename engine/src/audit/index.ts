/**
 * The tamper-evident log (docs/audit.md): each event's hash chained per stream, signed checkpoints
 * over every stream's head, the verifier, bid receipts and the offline export.
 */

export {
  type AuditExport,
  EXPORT_FORMAT,
  type ExportedStream,
  type ExportReport,
  exportStreams,
  verifyExport,
} from './auditExport.ts';
export {
  latestCheckpoints,
  orderProblems,
  readHeads,
  signedHeads,
  type TakenCheckpoint,
  takeCheckpoint,
  type VerifyOptions,
  type VerifyReport,
  verifyLog,
} from './auditLog.ts';
export {
  type ChainProblem,
  checkStream,
  type LoggedEvent,
  type SignedHead,
  type TamperKind,
} from './chainCheck.ts';
export {
  type Checkpoint,
  checkpointFault,
  checkpointPayload,
  publicKeyText,
  signCheckpoint,
  signPayload,
  verifyPayload,
} from './checkpointSignature.ts';
export { type AuditedEvent, chainHashes, eventHash, GENESIS_HASH } from './eventHash.ts';
export { leafHash, merkleRoot, type StreamHead, sortHeads } from './merkle.ts';
export { departureFromSigned } from './signedExtension.ts';
export { loadSigningKey, SIGNING_KEY_FILE } from './signingKey.ts';
