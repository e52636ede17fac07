import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';

/**
 * A business screen whose content arrives in a later release: its title (the registry's, unless given) and one
 * line on what it is for.
 */
export function UpcomingScreen({ title, subtitle, line }: { title?: string; subtitle?: string; line: string }) {
  const pageTitle = usePageTitle();
  return (
    <section>
      <PageHeader title={title ?? pageTitle} subtitle={subtitle} />
      <p className="max-w-2xl rounded-lg border border-slate-200 bg-white p-5 text-slate-700">{line}</p>
    </section>
  );
}
