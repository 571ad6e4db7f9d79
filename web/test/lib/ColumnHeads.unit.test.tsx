// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ColumnHeads } from '../../src/lib/ColumnHeads.tsx';
import { inEnglish } from '../inEnglish.tsx';

describe('ColumnHeads', () => {
  it('heads each column with its message, its class, and a head only screen readers read', () => {
    inEnglish(
      <table>
        <ColumnHeads
          columns={[
            'invoice.auction',
            { id: 'invoice.total', className: 'amount' },
            { id: 'invoice.actions', visuallyHidden: true },
          ]}
        />
      </table>,
    );
    const heads = screen.getAllByRole('columnheader');
    expect(heads.map((head) => head.getAttribute('scope'))).toEqual(['col', 'col', 'col']);
    expect(heads[1]?.className).toBe('amount');
    expect(heads[2]?.querySelector('.visually-hidden')?.textContent).toBe(heads[2]?.textContent);
    expect(heads[0]?.textContent).not.toBe('invoice.auction');
  });
});
