import { type FormEvent, useState } from 'react';
import { errorKeys } from '../lib/errors.ts';

/**
 * What a form does around its own sending, so that a page says only what it sends and what follows:
 * `submit(send)` is the form's `onSubmit`. It keeps the browser on the page, clears the last
 * refusal, holds `pending` until `send` is done (its navigation included, so a second press sends
 * nothing more before the next page shows) and lists what `send` threw, in the page's language.
 * `ownRefusal` first takes the refusals the page deals with itself, such as one that leads to
 * another page, and answers true when it did.
 */
export function useSubmission() {
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const submit = (send: () => Promise<void>, ownRefusal?: (error: unknown) => Promise<boolean>) => {
    return async (event: FormEvent) => {
      event.preventDefault();
      setPending(true);
      setErrors([]);
      try {
        await send();
      } catch (error) {
        if (!(await ownRefusal?.(error))) setErrors(errorKeys(error));
      } finally {
        setPending(false);
      }
    };
  };
  return { submit, errors, setErrors, pending };
}
