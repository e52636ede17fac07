// Selection checkboxes: a row's (toggles it in the latest selection) and "select all of this page".

import type { RowHandlers, RowSummary } from './rows';
import type { DataTableSelection } from './types';

const CHECKBOX = 'h-4 w-4 shrink-0 cursor-pointer accent-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring';

function Checkbox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      className={CHECKBOX}
      checked={checked}
      ref={(element) => {
        if (element) element.indeterminate = indeterminate;
      }}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

export function SelectAll<Row>({ rows, getRowId, selection }: { rows: readonly Row[]; getRowId: (row: Row) => string; selection: DataTableSelection }) {
  const ids = rows.map(getRowId);
  const selectedCount = ids.filter((id) => selection.selected.has(id)).length;
  return (
    <Checkbox
      label="Selecionar todos desta página"
      checked={ids.length > 0 && selectedCount === ids.length}
      indeterminate={selectedCount > 0 && selectedCount < ids.length}
      onChange={(checked) => {
        const next = new Set(selection.selected);
        for (const id of ids) {
          if (checked) next.add(id);
          else next.delete(id);
        }
        selection.onChange(next);
      }}
    />
  );
}

function toggleSelected(selection: DataTableSelection, id: string, checked: boolean) {
  const next = new Set(selection.selected);
  if (checked) next.add(id);
  else next.delete(id);
  selection.onChange(next);
}

/** A row's checkbox: it toggles the row in the latest selection. */
export function RowCheckbox<Row>({ summary, latest }: { summary: RowSummary<Row>; latest: { readonly current: RowHandlers<Row> } }) {
  const { id, label, selected } = summary;
  return (
    <Checkbox
      label={`Selecionar ${label}`}
      checked={selected}
      onChange={(checked) => {
        const current = latest.current.selection;
        if (current) toggleSelected(current, id, checked);
      }}
    />
  );
}
