export {
  type AuctionWorkers,
  type AuctionWorkersOptions,
  CLOSINGS_SUBSCRIPTION,
  NOTIFICATIONS_SUBSCRIPTION,
  startAuctionWorkers,
} from './auctionWorkers.ts';
export { type CloseOutcome, closeLotIfDue } from './closings/closeLotIfDue.ts';
export { type ClosingJob, closingJobId, createClosingQueue } from './closings/closingJobs.ts';
export {
  createEmailSender,
  type EmailSender,
  type EmailSenderOptions,
  type OutgoingEmail,
} from './messages/emailSender.ts';
export { createMessageSenders } from './messages/messageSenders.ts';
export {
  consoleMessageLogger,
  createMessageProcessor,
  type DeliveryOutcome,
  type MessageLogEntry,
  type MessageLogger,
  type MessageProcessorDeps,
  type MessageSenders,
  type MessageWorkerOptions,
  startMessageWorker,
} from './messages/messageWorker.ts';
export {
  createSmsSender,
  type OutgoingSms,
  SmsRecipientUnsubscribed,
  type SmsSender,
  type SmsSenderOptions,
} from './messages/smsSender.ts';
export {
  InvalidMessageError,
  type Language,
  type RenderedMessage,
  renderMessage,
  type TemplateParams,
  templateParams,
  templates,
} from './messages/templates.ts';
