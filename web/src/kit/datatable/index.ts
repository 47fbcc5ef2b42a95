export { DataTable, dataTableColumns, dataTableFeatures } from './DataTable';
export type { DataTableProps, DataTableColumn, DataTableFeatures, DataTableServerPaging } from './DataTable';
