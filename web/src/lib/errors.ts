import { ApiError } from '../api/client.ts';
import { serverMessageId } from '../i18n/messages.ts';
import { showToast } from '../live/toasts.tsx';

/** The shared error handler (spec 000 §8): the server's key, translated, as a danger message. */
export function showError(error: unknown): void {
  if (error instanceof ApiError) showToast('danger', serverMessageId(error.message));
  else showToast('danger', 'there_was_an_error');
}

export function errorKeys(error: unknown): string[] {
  if (error instanceof ApiError) return error.messages;
  return ['there_was_an_error'];
}
