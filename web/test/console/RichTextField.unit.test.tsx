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
});
