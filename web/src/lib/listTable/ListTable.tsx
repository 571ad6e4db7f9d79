import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LARGE_SCREEN, MEDIUM_SCREEN, useMediaQuery } from '../useMediaQuery.ts';
import {
  activeFilters,
  committedText,
  type ListQuery,
  nextSort,
  PAGE_SIZES,
  pageCount,
  pageWindow,
  SIDE_FILTER_DEBOUNCE_LARGE_MS,
  SIDE_FILTER_DEBOUNCE_SMALL_MS,
  type SideFilterValue,
  sliderBounds,
} from './listTableRules.ts';

export interface ListColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
}

export type SideFilter =
  | { kind: 'slider'; id: string; label: ReactNode; min: number; max: number }
  | { kind: 'text'; id: string; label: ReactNode }
  | {
      kind: 'checkboxes';
      id: string;
      label: ReactNode;
      options: ReadonlyArray<{ value: string; label: ReactNode }>;
      /** Spec 001 §5: unique-checkbox mode allows one value per field. */
      unique?: boolean;
    };

export interface ListTableProps<Row> {
  title: ReactNode;
  /** Headings under the title are one level below it. */
  titleLevel?: 1 | 2;
  columns: ReadonlyArray<ListColumn<Row>>;
  /** The rows shown: the current page, or every page loaded so far in infinite mode. */
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** How many rows the whole list has, filters applied. */
  count: number;
  query: ListQuery;
  onQueryChange: (query: ListQuery) => void;
  quickFilters?: ReadonlyArray<{ id: string; label: ReactNode }>;
  sideFilters?: readonly SideFilter[];
  pageSizes?: readonly number[];
  /** Spec 001 §2: pagination, or infinite scroll (`onLoadMore` when the end comes near). */
  paging?: { kind: 'pages' } | { kind: 'infinite'; hasMore: boolean; onLoadMore: () => void };
  /** On extra-small and small screens each row shows as a card: this one, or the columns as a list. */
  renderCard?: (row: Row) => ReactNode;
  actions?: ReactNode;
  empty: ReactNode;
  /** The rows are being replaced (the next page loads from the server): dimmed and announced busy. */
  busy?: boolean;
}

/**
 * Spec 001 §2 generic list table: title, filter card (quick-filter buttons, side filters: slider,
 * text, checkboxes), sortable columns (ascending, descending, none), page-size selector,
 * pagination or infinite scroll, optional action buttons; cards on phones. Controlled: the query
 * belongs to the caller, which loads the rows from the API or applies it in the browser (applyQuery).
 */
export function ListTable<Row>(props: ListTableProps<Row>) {
  const { query, onQueryChange, columns, rows, count } = props;
  const intl = useIntl();
  const phone = !useMediaQuery(MEDIUM_SCREEN);
  const id = useId();
  const Title = props.titleLevel === 2 ? 'h2' : 'h1';
  const Sub = props.titleLevel === 2 ? 'h3' : 'h2';
  const change = (patch: Partial<ListQuery>) => onQueryChange({ ...query, currentPage: 1, ...patch });
  const setSide = (filterId: string, value: SideFilterValue | undefined) => {
    const sideFilters = { ...query.sideFilters };
    if (value === undefined) delete sideFilters[filterId];
    else sideFilters[filterId] = value;
    change({ sideFilters });
  };
  const hasFilters = Boolean(props.quickFilters?.length || props.sideFilters?.length);
  const badge = activeFilters(query);

  return (
    <section className="list-table" aria-labelledby={`${id}-title`}>
      <div className="list-table__header">
        <Title id={`${id}-title`} className="page__title">
          {props.title}
        </Title>
        {props.actions ? <div className="list-table__actions">{props.actions}</div> : null}
      </div>
      <div className={hasFilters ? 'list-table__layout' : undefined}>
        {hasFilters ? (
          <details className="list-table__filters" open={!phone || undefined}>
            <summary>
              <FormattedMessage id="table.filters" />
              {badge > 0 ? (
                <span className="badge">
                  <span aria-hidden="true">{badge}</span>
                  <span className="visually-hidden">
                    {intl.formatMessage({ id: 'lots.activeFilters' }, { count: badge })}
                  </span>
                </span>
              ) : null}
            </summary>
            {props.quickFilters?.length ? (
              <fieldset className="list-table__quick">
                <legend className="visually-hidden">
                  <FormattedMessage id="table.quickFilters" />
                </legend>
                {props.quickFilters.map((quick) => {
                  const on = query.quickFilters.includes(quick.id);
                  return (
                    <button
                      key={quick.id}
                      type="button"
                      className="chip"
                      aria-pressed={on}
                      onClick={() =>
                        change({
                          quickFilters: on
                            ? query.quickFilters.filter((q) => q !== quick.id)
                            : [...query.quickFilters, quick.id],
                        })
                      }
                    >
                      {quick.label}
                    </button>
                  );
                })}
              </fieldset>
            ) : null}
            {props.sideFilters?.map((filter) => (
              <SideFilterField
                key={filter.id}
                filter={filter}
                value={query.sideFilters[filter.id]}
                onChange={(value) => setSide(filter.id, value)}
              />
            ))}
          </details>
        ) : null}
        <div className="list-table__body" aria-busy={props.busy || undefined}>
          <p className="visually-hidden" role="status">
            <FormattedMessage id="table.resultCount" values={{ count }} />
          </p>
          {rows.length === 0 && !props.busy ? <p className="empty-state">{props.empty}</p> : null}
          {rows.length > 0 && phone ? (
            <ul className="list-table__cards">
              {rows.map((row) => (
                <li key={props.rowKey(row)}>
                  {props.renderCard ? props.renderCard(row) : <ColumnsCard row={row} columns={columns} />}
                </li>
              ))}
            </ul>
          ) : null}
          {rows.length > 0 && !phone ? (
            <div className="list-table__scroll">
              <table className="history-table list-table__table">
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th key={column.id} scope="col" aria-sort={ariaSort(query, column.id)}>
                        {column.sortable ? (
                          <button
                            type="button"
                            className="list-table__sort"
                            onClick={() => change({ sort: nextSort(query.sort, column.id) })}
                          >
                            {column.header}
                            <span aria-hidden="true" className="list-table__sort-mark">
                              {sortMark(query, column.id)}
                            </span>
                          </button>
                        ) : (
                          column.header
                        )}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={props.rowKey(row)}>
                      {columns.map((column) => (
                        <td key={column.id}>{column.cell(row)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {props.paging?.kind === 'infinite' ? (
            <InfiniteEnd hasMore={props.paging.hasMore} onLoadMore={props.paging.onLoadMore} />
          ) : (
            <Pager
              query={query}
              count={count}
              pageSizes={props.pageSizes ?? PAGE_SIZES}
              onChange={onQueryChange}
              headingTag={Sub}
            />
          )}
        </div>
      </div>
    </section>
  );
}

function ariaSort(query: ListQuery, column: string): 'ascending' | 'descending' | undefined {
  if (query.sort?.column !== column) return undefined;
  return query.sort.direction === 'asc' ? 'ascending' : 'descending';
}

function sortMark(query: ListQuery, column: string): string {
  if (query.sort?.column !== column) return '↕';
  return query.sort.direction === 'asc' ? '▲' : '▼';
}

/** A row as a card when the caller draws none: each column's header and value. */
function ColumnsCard<Row>({ row, columns }: { row: Row; columns: ReadonlyArray<ListColumn<Row>> }) {
  return (
    <dl className="list-table__card">
      {columns.map((column) => (
        <div key={column.id}>
          <dt>{column.header}</dt>
          <dd>{column.cell(row)}</dd>
        </div>
      ))}
    </dl>
  );
}

function SideFilterField({
  filter,
  value,
  onChange,
}: {
  filter: SideFilter;
  value: SideFilterValue | undefined;
  onChange: (value: SideFilterValue | undefined) => void;
}) {
  const id = useId();
  if (filter.kind === 'text')
    return (
      <TextFilter id={id} label={filter.label} value={value?.kind === 'text' ? value.text : ''} onChange={onChange} />
    );
  if (filter.kind === 'slider')
    return (
      <SliderFilter
        id={id}
        filter={filter}
        value={value?.kind === 'range' ? value.range : undefined}
        onChange={onChange}
      />
    );
  const checked = value?.kind === 'values' ? value.values : [];
  return (
    <fieldset className="list-table__side">
      <legend>{filter.label}</legend>
      {filter.options.map((option) => (
        <label key={option.value} className="checkbox">
          <input
            type="checkbox"
            checked={checked.includes(option.value)}
            onChange={(event) => {
              const values = event.target.checked
                ? filter.unique
                  ? [option.value]
                  : [...checked, option.value]
                : checked.filter((v) => v !== option.value);
              onChange(values.length ? { kind: 'values', values } : undefined);
            }}
          />{' '}
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

const asFilter = (text: string): SideFilterValue | undefined => (text === '' ? undefined : { kind: 'text', text });

/**
 * Spec 001 §5, §9: the typed text applies after the debounce (2000 ms on phones, 1000 ms on larger
 * screens), and only from 3 characters or when emptied; Enter applies it at once, however short.
 */
function TextFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: SideFilterValue | undefined) => void;
}) {
  const large = useMediaQuery(MEDIUM_SCREEN);
  const [typed, setTyped] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const text = committedText(typed);
    if (text === undefined || text === value) return;
    const timer = setTimeout(
      () => latest.current(asFilter(text)),
      large ? SIDE_FILTER_DEBOUNCE_LARGE_MS : SIDE_FILTER_DEBOUNCE_SMALL_MS,
    );
    return () => clearTimeout(timer);
  }, [typed, value, large]);
  return (
    <div className="field list-table__side">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          // The filter card may sit inside a form: Enter applies the filter, it submits nothing.
          event.preventDefault();
          const text = committedText(typed, true);
          if (text !== undefined && text !== value) onChange(asFilter(text));
        }}
      />
    </div>
  );
}

/** Spec 001 §9: slider marks, 3 on medium screens, 4 on larger ones, none on phones. */
function useSliderMarks(min: number, max: number): number[] {
  const medium = useMediaQuery(MEDIUM_SCREEN);
  const large = useMediaQuery(LARGE_SCREEN);
  const marks = large ? 4 : medium ? 3 : 0;
  if (marks === 0) return [];
  return Array.from({ length: marks }, (_, index) => Math.round(min + ((max - min) * index) / (marks - 1)));
}

function SliderFilter({
  id,
  filter,
  value,
  onChange,
}: {
  id: string;
  filter: Extract<SideFilter, { kind: 'slider' }>;
  value: [number, number] | undefined;
  onChange: (value: SideFilterValue | undefined) => void;
}) {
  const intl = useIntl();
  const [low, high] = value ?? [filter.min, filter.max];
  const marks = useSliderMarks(filter.min, filter.max);
  const set = (a: number, b: number) => {
    const range = sliderBounds(a, b);
    onChange(range[0] === filter.min && range[1] === filter.max ? undefined : { kind: 'range', range });
  };
  return (
    <fieldset className="list-table__side list-table__slider">
      <legend>{filter.label}</legend>
      {marks.length ? (
        <datalist id={`${id}-marks`}>
          {marks.map((mark) => (
            <option key={mark} value={mark} label={String(mark)} />
          ))}
        </datalist>
      ) : null}
      {(['min', 'max'] as const).map((end) => (
        <label key={end}>
          <span>
            <FormattedMessage id={end === 'min' ? 'table.minimum' : 'table.maximum'} />{' '}
            <output>{end === 'min' ? low : high}</output>
          </span>
          <input
            type="range"
            min={filter.min}
            max={filter.max}
            step="any"
            list={marks.length ? `${id}-marks` : undefined}
            value={end === 'min' ? low : high}
            aria-label={intl.formatMessage({ id: end === 'min' ? 'table.minimum' : 'table.maximum' })}
            onChange={(event) =>
              end === 'min' ? set(Number(event.target.value), high) : set(low, Number(event.target.value))
            }
          />
        </label>
      ))}
    </fieldset>
  );
}

function Pager({
  query,
  count,
  pageSizes,
  onChange,
  headingTag: Heading,
}: {
  query: ListQuery;
  count: number;
  pageSizes: readonly number[];
  onChange: (query: ListQuery) => void;
  headingTag: 'h2' | 'h3';
}) {
  const intl = useIntl();
  const id = useId();
  const pages = pageCount(count, query.pageSize);
  const go = (page: number) => onChange({ ...query, currentPage: page });
  return (
    <div className="list-table__pager">
      <Heading className="visually-hidden">
        <FormattedMessage id="table.pagination" />
      </Heading>
      <div className="field field--inline">
        <label htmlFor={`${id}-size`}>
          <FormattedMessage id="table.rowsPerPage" />
        </label>
        <select
          id={`${id}-size`}
          value={query.pageSize}
          onChange={(event) => onChange({ ...query, pageSize: Number(event.target.value), currentPage: 1 })}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      {pages > 1 ? (
        <nav className="pagination" aria-label={intl.formatMessage({ id: 'table.pagination' })}>
          <button
            type="button"
            className="button button--secondary"
            disabled={query.currentPage <= 1}
            onClick={() => go(query.currentPage - 1)}
          >
            <FormattedMessage id="table.previous" />
          </button>
          {pageWindow(query.currentPage, pages).map((page) => (
            <button
              key={page}
              type="button"
              className="button button--secondary"
              aria-current={page === query.currentPage ? 'page' : undefined}
              aria-label={intl.formatMessage({ id: 'table.page' }, { page })}
              onClick={() => go(page)}
            >
              {page}
            </button>
          ))}
          <button
            type="button"
            className="button button--secondary"
            disabled={query.currentPage >= pages}
            onClick={() => go(query.currentPage + 1)}
          >
            <FormattedMessage id="table.next" />
          </button>
        </nav>
      ) : null}
    </div>
  );
}

/** Spec 001 §9: the next page loads when the end is 70 % of a screen away. */
function InfiniteEnd({ hasMore, onLoadMore }: { hasMore: boolean; onLoadMore: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '0px 0px 70% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore]);
  return <div ref={sentinel} className="list-table__end" />;
}
