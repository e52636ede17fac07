import { Link } from 'react-router-dom';
import { NotFoundPage } from '@/components/ui/not-found';

/** The 404 page inside a routed area: "Voltar para a Home" goes to the area's own "/". */
export function NotFoundRoute() {
  return (
    <NotFoundPage
      home={(className, label) => (
        <Link to="/" className={className}>
          {label}
        </Link>
      )}
    />
  );
}
