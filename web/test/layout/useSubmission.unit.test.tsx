// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageList } from '../../src/account/Field.tsx';
import { ApiError } from '../../src/api/client.ts';
import { Form } from '../../src/layout/Form.tsx';
import { useSubmission } from '../../src/layout/useSubmission.ts';
import { inEnglish } from '../inEnglish.tsx';

afterEach(cleanup);

/** A promise the test settles itself, to look at the form while it is being sent. */
function deferred() {
  let resolve = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function SubmissionHarness({
  send,
  ownRefusal,
}: {
  send: () => Promise<void>;
  ownRefusal?: (error: unknown) => Promise<boolean>;
}) {
  const { submit, errors, pending } = useSubmission();
  return (
    <Form onSubmit={submit(send, ownRefusal)}>
      <MessageList keys={errors} />
      <button type="submit" disabled={pending}>
        Send
      </button>
    </Form>
  );
}

const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

describe('a form’s submission', () => {
  it('stays on the page and holds the button until the sending is done', async () => {
    const sending = deferred();
    const send = vi.fn(() => sending.promise);
    inEnglish(<SubmissionHarness send={send} />);
    const event = new Event('submit', { bubbles: true, cancelable: true });
    sendButton().form?.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(sendButton().disabled).toBe(true));
    sending.resolve();
    await vi.waitFor(() => expect(sendButton().disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists what the server refused in the page’s language, and clears it at the next submit', async () => {
    const answers = [
      () => Promise.reject(new ApiError(401, 'password_invalid')),
      () => Promise.reject(new Error('offline')),
      () => Promise.resolve(),
    ];
    inEnglish(<SubmissionHarness send={() => (answers.shift() as () => Promise<void>)()} />);
    fireEvent.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe('The password is invalid.');
    fireEvent.click(sendButton());
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('There was an error'));
    fireEvent.click(sendButton());
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('leaves to the page the refusals it deals with itself', async () => {
    const ownRefusal = vi.fn(
      async (error: unknown) => error instanceof ApiError && error.message === 'email_not_verified',
    );
    const answers = [new ApiError(403, 'email_not_verified'), new ApiError(401, 'password_invalid')];
    inEnglish(<SubmissionHarness send={() => Promise.reject(answers.shift())} ownRefusal={ownRefusal} />);
    fireEvent.click(sendButton());
    await vi.waitFor(() => expect(ownRefusal).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(sendButton().disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe('The password is invalid.');
    expect(ownRefusal).toHaveBeenCalledTimes(2);
  });
});
