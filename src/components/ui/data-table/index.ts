// The data table kit (`@/components/ui/data-table`): the one table of every server-paged list, and the row menu
// that rows outside it use too.

export { DataTable } from './data-table';
export { RowActionsMenu } from './row-menu';
export type { Column, DataTableEmptyState, DataTablePagination, DataTableProps, DataTableSelection, RowAction } from './types';
