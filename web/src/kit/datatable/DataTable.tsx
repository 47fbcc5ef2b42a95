import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnHelper,
  type SortingState,
  type RowData,
} from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpIcon, ChevronLeftIcon, ChevronRightIcon, SearchIcon, SortIcon } from '../icons';
import { SkeletonLines } from '../pagestate/PageState';
import './datatable.css';

/** The features every DataTable has: sorting, a search over all columns, and pages. */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  rowPaginationFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, datetime: sortFn_datetime, basic: sortFn_basic },
  filterFns: { includesString: filterFn_includesString },
});

export type DataTableFeatures = typeof dataTableFeatures;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of a table hold values of different types
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/** A typed column helper for DataTable: `const col = dataTableColumns<Member>(); [col.accessor('name', { header: 'Name' })]`. */
export function dataTableColumns<T extends RowData>(): ColumnHelper<DataTableFeatures, T> {
  return createColumnHelper<DataTableFeatures, T>();
}

/** One page of a list the server pages: the rows given are that page, the server knows how many there are in all. */
export interface DataTableServerPaging {
  /** The page shown, from 1. */
  page: number;
  /** Rows per page, as the server pages them. */
  pageSize: number;
  /** Rows in all pages (the server's count, after its search and filters). */
  total: number;
  /** Asks for another page (from 1); the caller fetches it and passes its rows as `data`. */
  onPageChange: (page: number) => void;
}

export interface DataTableProps<T extends RowData> {
  /** The table's accessible name (its caption, visually hidden unless `showCaption`). */
  label: string;
  showCaption?: boolean;
  data: readonly T[] | undefined;
  /** Define at module scope or in useMemo: a new array each render resets the table. */
  columns: DataTableColumn<T>[];
  getRowId?: (row: T, index: number) => string;
  /** Rows per page (default 25); pages appear only when there are more rows. */
  pageSize?: number;
  /**
   * Server paging: `data` is one page and Previous/Next call `onPageChange`. The server also sorts and searches
   * (a search or sort of one page would mislead), so the built-in search box and header sorting are off.
   */
  paging?: DataTableServerPaging;
  /** A new page or search is on its way: the rows stay and the table is marked busy. */
  busy?: boolean;
  /** The column whose cells name their row (`<th scope="row">`), e.g. the person's name. */
  rowHeader?: string;
  /**
   * The column kept in view at the table's right edge while a narrow window scrolls the rest sideways (the row's
   * buttons), so its actions never sit out of sight.
   */
  stickyColumn?: string;
  /** The pager's accessible name (default "<label> pages"). */
  pagerLabel?: string;
  /** The search box's placeholder; `false` hides the search. */
  searchPlaceholder?: string | false;
  initialSort?: SortingState;
  /** What an empty table says. */
  emptyText?: ReactNode;
  /** Still loading: grey lines instead of rows. */
  loading?: boolean;
  /** Buttons beside the search (Export, Add…). */
  toolbar?: ReactNode;
  /** The column ids that are not searched (actions, avatars). */
  unsearchable?: readonly string[];
  className?: string;
}

/**
 * A long list as a table (TanStack Table v9): click a header to sort, type to search every text column,
 * page through with Previous/Next. The table scrolls sideways inside its card rather than overflowing the
 * page on narrow screens. Columns: `meta: { align: 'end', className }` is not used; pass `cell` renderers.
 */
export function DataTable<T extends RowData>({
  label,
  showCaption,
  data,
  columns,
  getRowId,
  pageSize: clientPageSize = 25,
  paging,
  busy,
  rowHeader,
  stickyColumn,
  pagerLabel,
  searchPlaceholder: searchOption = 'Search…',
  initialSort = [],
  emptyText = 'Nothing here yet.',
  loading,
  toolbar,
  unsearchable = [],
  className,
}: DataTableProps<T>) {
  const id = useId();
  const [search, setSearch] = useState('');
  const rows = useMemo(() => (data ?? []) as T[], [data]);
  const server = paging !== undefined;
  const searchPlaceholder = server ? false : searchOption;
  const pageSize = server ? paging.pageSize : clientPageSize;
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId,
    initialState: { sorting: initialSort, pagination: { pageIndex: 0, pageSize } },
    globalFilterFn: 'includesString',
    getColumnCanGlobalFilter: (column) => !unsearchable.includes(column.id),
    // Server paging: the rows are the page; sorting or searching them here would show a wrong order or count.
    ...(server ? { manualPagination: true, rowCount: paging.total, enableSorting: false } : {}),
  });
  const onSearch = (text: string) => {
    setSearch(text);
    table.setGlobalFilter(text);
    table.setPageIndex(0);
  };

  const filteredCount = server ? paging.total : table.getFilteredRowModel().rows.length;
  const pageIndex = server ? paging.page - 1 : table.state.pagination.pageIndex;
  const pageCount = server ? Math.max(1, Math.ceil(paging.total / Math.max(1, pageSize))) : table.getPageCount();
  const first = filteredCount === 0 ? 0 : pageIndex * pageSize + 1;
  const last = server ? Math.min(filteredCount, pageIndex * pageSize + rows.length) : Math.min(filteredCount, (pageIndex + 1) * pageSize);
  const canPrevious = server ? paging.page > 1 : table.getCanPreviousPage();
  const canNext = server ? paging.page < pageCount : table.getCanNextPage();
  const previous = () => (server ? paging.onPageChange(paging.page - 1) : table.previousPage());
  const next = () => (server ? paging.onPageChange(paging.page + 1) : table.nextPage());
  const visible = table.getRowModel().rows;
  const columnCount = table.getAllLeafColumns().length;

  return (
    <div className={['kit-table', className].filter(Boolean).join(' ')}>
      {(searchPlaceholder !== false || toolbar) && (
        <div className="kit-table-toolbar">
          {searchPlaceholder !== false && (
            <label className="kit-table-search" htmlFor={`${id}-search`}>
              <SearchIcon />
              <span className="visually-hidden">Search {label}</span>
              <input id={`${id}-search`} type="search" className="kit-input" placeholder={searchPlaceholder} value={search} onChange={(e) => onSearch(e.target.value)} />
            </label>
          )}
          {toolbar && <div className="kit-table-actions">{toolbar}</div>}
        </div>
      )}
      <div className="kit-table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table aria-busy={busy || undefined}>
          <caption id={`${id}-caption`} className={showCaption ? 'kit-table-caption' : 'visually-hidden'}>
            {label}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const canSort = header.column.getCanSort();
                  const sorted = header.column.getIsSorted();
                  return (
                    <th key={header.id} scope="col" className={header.column.id === stickyColumn ? 'kit-table-sticky' : undefined} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}>
                      {header.isPlaceholder ? null : canSort ? (
                        <button type="button" className={sorted ? 'kit-table-sort is-sorted' : 'kit-table-sort'} onClick={header.column.getToggleSortingHandler()}>
                          <table.FlexRender header={header} />
                          <span className="kit-table-sort-icon">{sorted === 'asc' ? <ArrowUpIcon /> : sorted === 'desc' ? <ArrowDownIcon /> : <SortIcon />}</span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {loading ? (
              <tr>
                <td colSpan={columnCount}>
                  <SkeletonLines lines={4} />
                </td>
              </tr>
            ) : visible.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="kit-table-empty">
                  {search ? `Nothing matches “${search}”.` : emptyText}
                </td>
              </tr>
            ) : (
              visible.map((row) => (
                <tr key={row.id}>
                  {row.getAllCells().map((cell) =>
                    cell.column.id === rowHeader ? (
                      <th key={cell.id} scope="row">
                        <table.FlexRender cell={cell} />
                      </th>
                    ) : (
                      <td key={cell.id} className={cell.column.id === stickyColumn ? 'kit-table-sticky' : undefined}>
                        <table.FlexRender cell={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {!loading && (pageCount > 1 || search) && (
        <div className="kit-table-footer">
          <span className="kit-table-count" aria-live="polite">
            {`${filteredCount === 0 ? 'No rows' : `${first}–${last} of ${filteredCount}`}${search && rows.length !== filteredCount ? ` (filtered from ${rows.length})` : ''}`}
          </span>
          {pageCount > 1 && (
            <nav className="kit-table-pager" aria-label={pagerLabel ?? `${label} pages`}>
              <button type="button" className="button button-secondary kit-table-page" disabled={!canPrevious} onClick={previous}>
                <ChevronLeftIcon /> Previous
              </button>
              <span className="kit-table-page-of">
                Page {pageIndex + 1} of {pageCount}
              </span>
              <button type="button" className="button button-secondary kit-table-page" disabled={!canNext} onClick={next}>
                Next <ChevronRightIcon />
              </button>
            </nav>
          )}
        </div>
      )}
    </div>
  );
}
