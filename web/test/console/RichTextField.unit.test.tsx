// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { type FormEvent, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichTextField } from '../../src/console/RichTextField.tsx';
import { inEnglish } from '../inEnglish.tsx';

afterEach(cleanup);

function Description({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextField
      label="console.lots.descriptionEn"
      preview="console.lots.descriptionPreviewEn"
      value={value}
      onChange={setValue}
    />
  );
}

describe('a rich text typed as HTML', () => {
  it('shows what bidders will see under it: formatted, without tags, without what the sanitiser removes', () => {
    inEnglish(<Description initial="<p>Lakeside <strong>cottage</strong></p><script>alert(1)</script>" />);
    const preview = screen.getByRole('region', { name: 'Preview of the English description' });
    expect(preview.textContent).toBe('Lakeside cottage');
    expect(preview.querySelector('strong')?.textContent).toBe('cottage');
    expect(preview.querySelector('script')).toBeNull();
    expect(screen.getByText(/Formatting and links are kept/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: ' ' } });
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('writes the tags of a format around the selected words, which the preview then shows formatted', () => {
    inEnglish(<Description initial="Lakeside cottage" />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description in English' });
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    expect(toolbar.getAttribute('aria-controls')).toBe(box.id);
    box.setSelectionRange(9, 16);
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(box.value).toBe('Lakeside <strong>cottage</strong>');
    expect(screen.getByRole('region').querySelector('strong')?.textContent).toBe('cottage');
    // The words stay selected: a second format wraps the same ones.
    expect([box.selectionStart, box.selectionEnd]).toEqual([17, 24]);
    fireEvent.click(screen.getByRole('button', { name: 'Italic' }));
    expect(box.value).toBe('Lakeside <strong><em>cottage</em></strong>');
  });

  it('asks where a link leads and what it reads, then writes it in place of the selected words', () => {
    const submitted = vi.fn((event: FormEvent) => event.preventDefault());
    inEnglish(
      <form onSubmit={submitted}>
        <Description initial="Our website today" />
      </form>,
    );
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description in English' });
    box.setSelectionRange(4, 11);
    const linkButton = screen.getByRole('button', { name: 'Link' });
    fireEvent.click(linkButton);
    expect(linkButton.getAttribute('aria-expanded')).toBe('true');
    const form = screen.getByRole('group', { name: 'Link' });
    const address = within(form).getByRole<HTMLInputElement>('textbox', { name: 'Link address' });
    expect(document.activeElement).toBe(address);
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Link text' }).value).toBe('website');

    // An address the sanitiser would drop is refused where it is typed; the text is untouched.
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Insert the link' }));
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/This address cannot be a link/)).toBeTruthy();
    expect(box.value).toBe('Our website today');

    // Enter inserts the link; it does not send the form the field stands in.
    fireEvent.change(address, { target: { value: 'example.org' } });
    fireEvent.keyDown(address, { key: 'Enter' });
    expect(submitted).not.toHaveBeenCalled();
    expect(box.value).toBe('Our <a href="https://example.org">website</a> today');
    expect(screen.queryByRole('group', { name: 'Link' })).toBeNull();
    expect(linkButton.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(box);
    expect(box.selectionStart).toBe('Our <a href="https://example.org">website</a>'.length);
    expect(screen.getByRole('region').querySelector('a')?.getAttribute('href')).toBe('https://example.org');
  });

  it('lets a link be given up with Escape, nothing written and the words still selected', () => {
    inEnglish(<Description initial="Our website" />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description in English' });
    box.setSelectionRange(4, 11);
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByRole('textbox', { name: 'Link address' });
    fireEvent.change(address, { target: { value: 'example.org' } });
    fireEvent.keyDown(address, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Link' })).toBeNull();
    expect(box.value).toBe('Our website');
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([4, 11]);
  });

  it('takes Ctrl+B and Ctrl+K in the text box, as the toolbar’s buttons say to screen readers and in their tooltips', () => {
    inEnglish(<Description initial="Our website" />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description in English' });
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-keyshortcuts')).toBe('Control+B Meta+B');
    // Sighted mouse users learn them from the buttons' tooltips (jsdom is no Apple system).
    expect(screen.getByRole('button', { name: 'Bold' }).title).toBe('Bold (Ctrl+B)');
    expect(screen.getByRole('button', { name: 'List' }).title).toBe('List');
    box.setSelectionRange(4, 11);
    fireEvent.keyDown(box, { key: 'b', ctrlKey: true });
    expect(box.value).toBe('Our <strong>website</strong>');
    fireEvent.keyDown(box, { key: 'k', metaKey: true });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Link text' }).value).toBe('website');
    // Any other key is the text box's own.
    fireEvent.keyDown(box, { key: 'b' });
    expect(box.value).toBe('Our <strong>website</strong>');
  });

  it('is one stop in the tab order, the arrows moving between its buttons', () => {
    inEnglish(<Description initial="" />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.tabIndex)).toEqual([0, -1, -1, -1]);
    buttons[0]?.focus();
    fireEvent.keyDown(buttons[0] as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(buttons[3]);
    expect(buttons.map((button) => button.tabIndex)).toEqual([-1, -1, -1, 0]);
    fireEvent.keyDown(buttons[3] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[0]);
  });
});
