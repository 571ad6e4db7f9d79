import { type ReactNode, useState } from 'react';
import { MessageList } from '../account/Field.tsx';
import type { MessageId } from '../i18n/messages.ts';
import { Dialog } from '../layout/Dialog.tsx';
import { DialogActions } from '../layout/DialogActions.tsx';
import { errorKeys } from '../lib/errors.ts';

/**
 * Every console action that changes something goes through this dialog: it states the consequence
 * before anything is sent, keeps the confirm button disabled while the call runs, and shows the
 * server's refusal inside the dialog (the action is not done, so the dialog stays open).
 */
export function ConsoleConfirm({
  title,
  consequence,
  action,
  busy,
  onConfirm,
  onDone,
  cancel = 'console.cancel',
}: {
  title: ReactNode;
  consequence: ReactNode;
  action: ReactNode;
  busy: boolean;
  /** The call; resolves when done (the dialog then closes), throws on a refusal. */
  onConfirm: () => Promise<void>;
  onDone: () => void;
  /** The way out's words, when "Cancel" would read as the action itself (cancelling a message). */
  cancel?: MessageId;
}) {
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <Dialog open onOpenChange={(open) => !open && onDone()} title={title}>
      <p>{consequence}</p>
      <MessageList keys={errors} />
      <DialogActions className="console__dialog-actions" cancel={cancel} onCancel={onDone}>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={async () => {
            setErrors([]);
            try {
              await onConfirm();
              onDone();
            } catch (error) {
              setErrors(errorKeys(error));
            }
          }}
        >
          {action}
        </button>
      </DialogActions>
    </Dialog>
  );
}
