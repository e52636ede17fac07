/**
 * The pieces both bells share (the portal's "Notificações" and the back office's): an item that links to what it is
 * about (or just shows it), and the "Marcar todas como lidas" footer.
 */
import { Link } from 'react-router-dom';
import { Button } from './button';

const ITEM_LINK =
  'block px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-accent-ring';

/** An item's content, a link to `to` when it has one. */
export function NotificationEntry({ to, onFollow, children }: { to: string | null; onFollow: () => void; children: React.ReactNode }) {
  if (!to) return <div className="px-4 py-3">{children}</div>;
  return (
    <Link to={to} onClick={onFollow} className={ITEM_LINK}>
      {children}
    </Link>
  );
}

/** "Marcar todas como lidas" under the list. */
export function MarkAllReadFooter({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  return (
    <div className="border-t border-slate-200 p-2">
      <Button variant="ghost" size="sm" className="w-full text-accent" loading={loading} onClick={onClick}>
        Marcar todas como lidas
      </Button>
    </div>
  );
}
