import { useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages.ts';

export type ToastKind = 'success' | 'info' | 'warning' | 'danger';

/** Spec 000 §9: success 3 s, info and warning 6 s, danger 10 s. */
export const toastDurationMs: Record<ToastKind, number> = { success: 3000, info: 6000, warning: 6000, danger: 10_000 };

export interface Toast {
  id: number;
  kind: ToastKind;
  messageId: MessageId;
  values?: Record<string, string | number>;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** At most this many at once: several quick saves in the console stacked down past the screen. */
export const MAX_TOASTS = 3;

const sameValues = (a: Toast['values'], b: Toast['values']) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

export function showToast(
  kind: ToastKind,
  messageId: MessageId,
  values?: Record<string, string | number>,
  /** Longer than the kind's time, for words a person wrote (an organisers' message). */
  durationMs = toastDurationMs[kind],
): void {
  const id = nextId++;
  // The same message again (a second save) replaces the first, shown for its whole time again.
  const next = toasts.filter((t) => !(t.kind === kind && t.messageId === messageId && sameValues(t.values, values)));
  next.push({ id, kind, messageId, ...(values ? { values } : {}) });
  // Over the limit, the oldest goes first, an error last: it may say what the user must still do.
  while (next.length > MAX_TOASTS) {
    const oldestNews = next.findIndex((t) => t.kind !== 'danger');
    next.splice(Math.max(oldestNews, 0), 1);
  }
  toasts = next;
  emit();
  setTimeout(() => dismissToast(id), durationMs);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}

/** Two live regions: a polite one for news, an assertive one for errors, present before anything lands in them. */
export function Toaster() {
  const intl = useIntl();
  const list = useToasts();
  const region = (assertive: boolean) => (
    <div
      className="toaster"
      role={assertive ? 'alert' : 'status'}
      aria-live={assertive ? 'assertive' : 'polite'}
      data-assertive={assertive}
    >
      {list
        .filter((toast) => (toast.kind === 'danger') === assertive)
        .map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.kind}`}>
            <p>
              <FormattedMessage id={toast.messageId} values={toast.values} />
            </p>
            <button
              type="button"
              className="toast__close"
              onClick={() => dismissToast(toast.id)}
              aria-label={intl.formatMessage({ id: 'action.dismiss' })}
            >
              ×
            </button>
          </div>
        ))}
    </div>
  );
  return (
    <div className="toasts">
      {region(false)}
      {region(true)}
    </div>
  );
}
