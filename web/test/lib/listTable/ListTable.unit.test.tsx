// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../src/i18n/en.json';
import { ListTable } from '../../../src/lib/listTable/ListTable.tsx';
import {
  applyQuery,
  initialQuery,
  type ListQuery,
  SIDE_FILTER_DEBOUNCE_LARGE_MS,
  SIDE_FILTER_DEBOUNCE_SMALL_MS,
} from '../../../src/lib/listTable/listTableRules.ts';
import { inEnglish } from '../../inEnglish.tsx';

interface Row {
  id: number;
  name: string;
  price: number;
  kind: string;
}
const ROWS: Row[] = Array.from({ length: 60 }, (_, index) => ({
  id: index + 1,
  name: index % 10 === 0 ? `Kayak ${index}` : `Item ${index}`,
  price: (index * 7) % 50,
  kind: index % 2 ? 'odd' : 'even',
}));

/** The table over rows held in the browser, as the favourites list uses it. */
function Harness({ onQuery }: { onQuery?: (query: ListQuery) => void }) {
  const [query, setQuery] = useState(initialQuery());
  const shown = applyQuery(ROWS, query, {
    sortValue: (row, column) => (column === 'price' ? row.price : row.id),
    quickFilter: (row, id) => (id === 'cheap' ? row.price < 10 : true),
    sideValue: (row, id) => (id === 'price' ? row.price : id === 'kind' ? row.kind : row.name),
  });
  return (
    <ListTable<Row>
      title="Things"
      rows={shown.rows}
      count={shown.count}
      rowKey={(row) => row.id}
      query={query}
      onQueryChange={(next) => {
        onQuery?.(next);
        setQuery(next);
      }}
      empty="Nothing"
      quickFilters={[{ id: 'cheap', label: 'Cheap' }]}
      sideFilters={[
        { kind: 'text', id: 'name', label: 'Name' },
        { kind: 'slider', id: 'price', label: 'Price', min: 0, max: 50 },
        {
          kind: 'checkboxes',
          id: 'kind',
          label: 'Kind',
          unique: true,
          options: [
            { value: 'odd', label: 'Odd' },
            { value: 'even', label: 'Even' },
          ],
        },
      ]}
      columns={[
        { id: 'id', header: 'Id', cell: (row) => row.id },
        { id: 'name', header: 'Name', cell: (row) => row.name },
        { id: 'price', header: 'Price', cell: (row) => row.price, sortable: true },
      ]}
    />
  );
}

function screenWidth(desktop: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const bodyIds = () =>
  within(screen.getAllByRole('rowgroup')[1] as HTMLElement)
    .getAllByRole('row')
    .map((row) => Number(within(row).getAllByRole('cell')[0]?.textContent));

beforeEach(() => screenWidth(true));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the generic list table', () => {
  it('sorts a column ascending, descending, then back to none', () => {
    inEnglish(<Harness />);
    const header = screen.getByRole('columnheader', { name: /Price/ });
    const sort = within(header).getByRole('button');
    expect(header.getAttribute('aria-sort')).toBeNull();
    fireEvent.click(sort);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    const ascending = bodyIds().map((id) => ROWS[id - 1]?.price ?? -1);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    fireEvent.click(sort);
    expect(header.getAttribute('aria-sort')).toBe('descending');
    const descending = bodyIds().map((id) => ROWS[id - 1]?.price ?? -1);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    fireEvent.click(sort);
    expect(header.getAttribute('aria-sort')).toBeNull();
    expect(bodyIds()).toEqual(ROWS.slice(0, 25).map((row) => row.id));
  });

  it('pages 25 at a time, changes the page size and shows 3 page numbers', () => {
    inEnglish(<Harness />);
    const pages = screen.getByRole('navigation', { name: 'Pages of the list' });
    expect(
      within(pages)
        .getAllByRole('button', { name: /Go to page/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    fireEvent.click(within(pages).getByRole('button', { name: 'Go to page 3' }));
    expect(bodyIds()).toEqual(ROWS.slice(50, 60).map((row) => row.id));
    expect(within(pages).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '50' } });
    expect(bodyIds()).toEqual(ROWS.slice(0, 50).map((row) => row.id));
  });

  it('applies quick filters, checkboxes (one value in unique mode) and the slider, back on page 1', () => {
    const queries: ListQuery[] = [];
    inEnglish(<Harness onQuery={(query) => queries.push(query)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cheap' }));
    expect(screen.getByRole('button', { name: 'Cheap' }).getAttribute('aria-pressed')).toBe('true');
    expect(queries.at(-1)?.currentPage).toBe(1);
    expect(bodyIds().every((id) => (ROWS[id - 1]?.price ?? 99) < 10)).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Odd' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Even' }));
    expect(screen.getByRole('checkbox', { name: 'Odd' })).toHaveProperty('checked', false);
    expect(bodyIds().every((id) => ROWS[id - 1]?.kind === 'even')).toBe(true);
    fireEvent.change(screen.getByRole('slider', { name: 'Minimum' }), { target: { value: '4.6' } });
    expect(queries.at(-1)?.sideFilters.price).toEqual({ kind: 'range', range: [5, 50] });
    expect(bodyIds().every((id) => (ROWS[id - 1]?.price ?? 0) >= 5)).toBe(true);
  });

  it('applies typed text after the debounce, from 3 characters or when emptied', () => {
    vi.useFakeTimers();
    inEnglish(<Harness />);
    const input = screen.getByRole('searchbox', { name: 'Name' });
    fireEvent.change(input, { target: { value: 'Ka' } });
    act(() => vi.advanceTimersByTime(SIDE_FILTER_DEBOUNCE_SMALL_MS));
    expect(bodyIds()).toHaveLength(25);
    fireEvent.change(input, { target: { value: 'Kay' } });
    act(() => vi.advanceTimersByTime(SIDE_FILTER_DEBOUNCE_LARGE_MS - 1));
    expect(bodyIds()).toHaveLength(25);
    act(() => vi.advanceTimersByTime(1));
    expect(bodyIds()).toEqual([1, 11, 21, 31, 41, 51]);
    fireEvent.change(input, { target: { value: '' } });
    act(() => vi.advanceTimersByTime(SIDE_FILTER_DEBOUNCE_LARGE_MS));
    expect(bodyIds()).toHaveLength(25);
  });

  it('applies a short text at once on Enter, without waiting or submitting anything', () => {
    vi.useFakeTimers();
    const queries: ListQuery[] = [];
    inEnglish(<Harness onQuery={(query) => queries.push(query)} />);
    const input = screen.getByRole('searchbox', { name: 'Name' });
    fireEvent.change(input, { target: { value: ' 5' } });
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    act(() => {
      input.dispatchEvent(enter);
    });
    expect(enter.defaultPrevented).toBe(true);
    expect(queries.at(-1)?.sideFilters.name).toEqual({ kind: 'text', text: '5' });
    expect(bodyIds()).toEqual([6, 16, 26, 36, 46, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
    // Another key, or Enter again on the same text, changes nothing.
    const applied = queries.length;
    fireEvent.keyDown(input, { key: 'a' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(queries).toHaveLength(applied);
  });

  it('waits the phone debounce on small screens and shows rows as cards there', () => {
    screenWidth(false);
    vi.useFakeTimers();
    inEnglish(<Harness />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(25);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Name' }), { target: { value: 'Kayak' } });
    act(() => vi.advanceTimersByTime(SIDE_FILTER_DEBOUNCE_LARGE_MS));
    expect(screen.getAllByRole('listitem')).toHaveLength(25);
    act(() => vi.advanceTimersByTime(SIDE_FILTER_DEBOUNCE_SMALL_MS - SIDE_FILTER_DEBOUNCE_LARGE_MS));
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
  });

  it('keeps the rows shown while the next page loads, announced busy, and no "nothing" meanwhile', () => {
    screenWidth(true);
    const table = (rows: Row[], busy: boolean) => (
      <ListTable<Row>
        title="Things"
        rows={rows}
        count={60}
        rowKey={(row) => row.id}
        query={initialQuery()}
        onQueryChange={() => {}}
        empty="Nothing"
        busy={busy}
        columns={[{ id: 'name', header: 'Name', cell: (row) => row.name }]}
      />
    );
    const { container, rerender } = inEnglish(table(ROWS.slice(0, 25), true));
    const again = (rows: Row[], busy: boolean) =>
      rerender(
        <IntlProvider locale="en-CA" messages={en}>
          {table(rows, busy)}
        </IntlProvider>,
      );
    expect(container.querySelector('.list-table__body')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByRole('row')).toHaveLength(26);
    again([], true);
    expect(screen.queryByText('Nothing')).toBeNull();
    again([], false);
    expect(container.querySelector('.list-table__body')?.hasAttribute('aria-busy')).toBe(false);
    expect(screen.getByText('Nothing')).toBeTruthy();
  });
});
