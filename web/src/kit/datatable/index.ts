export { DataTable, dataTableColumns, dataTableFeatures } from './DataTable';
export type { DataTableProps, DataTableColumn, DataTableFeatures } from './DataTable';
