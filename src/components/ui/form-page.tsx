import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

/** The white card a form sits on (a record's create/edit form, the profile's parts). */
export function FormCard({ children }: { children: ReactNode }) {
  return <div className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">{children}</div>;
}

/**
 * A create or edit screen's frame: the h1 with its subtitle, then the form on its card, 48rem wide at most.
 *
 * ```tsx
 * <FormPage title="Novo cliente" subtitle="A fábrica onde suas máquinas estão instaladas.">
 *   <CustomerForm … />
 * </FormPage>
 * ```
 *
 * An edit screen puts it inside its DetailPage: `{(customer) => <FormPage title="Editar cliente" subtitle={customer.name}>…}`.
 */
export function FormPage({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section className="max-w-3xl">
      <PageHeader title={title} subtitle={subtitle} />
      <FormCard>{children}</FormCard>
    </section>
  );
}
