// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client.ts';
import { PhotoDrop } from '../../src/console/PhotoDrop.tsx';
import { renderInApp } from '../renderInApp.tsx';

afterEach(cleanup);

const WORDS = {
  drop: 'console.setup.bannerDrop',
  choose: 'console.setup.bannerChoose',
  hint: 'console.setup.bannerHint',
  added: 'console.setup.bannerAdded',
} as const;

const image = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });

describe('dropping photos', () => {
  it('sends the files one after the other in the order chosen, names a refused one and keeps the others', async () => {
    const sent: string[] = [];
    const upload = vi.fn(async (file: File) => {
      sent.push(file.name);
      if (file.name === 'notes.jpg') throw new ApiError(415, 'photo_not_an_image');
    });
    const done = vi.fn(async () => undefined);
    renderInApp(() => <PhotoDrop words={WORDS} upload={upload} done={done} />);
    const input = (await screen.findByLabelText('Choose banner images')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [image('a.jpg'), image('notes.jpg'), image('b.jpg')] } });
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(sent).toEqual(['a.jpg', 'notes.jpg', 'b.jpg']);
    const refusals = await screen.findByRole('alert');
    expect(refusals.textContent).toContain('notes.jpg');
    expect(refusals.textContent).not.toContain('a.jpg');
  });

  it('takes files dropped on it', async () => {
    const upload = vi.fn(async () => undefined);
    renderInApp(() => <PhotoDrop words={WORDS} upload={upload} done={async () => undefined} />);
    const zone = (await screen.findByText('Drop banner images here, several at once if you like.')).parentElement;
    fireEvent.drop(zone as HTMLElement, { dataTransfer: { files: [image('c.jpg')] } });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
  });
});
