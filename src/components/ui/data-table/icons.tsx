// The table's own icons: the sort direction (headers and the phones' sort button) and the row menu's "more".

export function SortIcon({ direction }: { direction: 'ascending' | 'descending' | 'none' }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={direction === 'none' ? 'text-slate-400' : 'text-slate-700'}
    >
      {direction === 'ascending' ? <path d="m6 15 6-6 6 6" /> : null}
      {direction === 'descending' ? <path d="m6 9 6 6 6-6" /> : null}
      {direction === 'none' ? <path d="m7 9 5-5 5 5M7 15l5 5 5-5" /> : null}
    </svg>
  );
}

export function MoreIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="12" cy="5" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="12" cy="19" r="1.8" />
    </svg>
  );
}
