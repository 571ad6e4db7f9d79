// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
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

  it('makes a link whose address is selected to be typed', () => {
    inEnglish(<Description initial="Our website" />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox');
    box.setSelectionRange(4, 11);
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(box.value).toBe('Our <a href="https://">website</a>');
    expect(box.value.slice(box.selectionStart, box.selectionEnd)).toBe('https://');
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
