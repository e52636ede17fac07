import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { installmentsLabel, PAYMENT_KIND_LABELS, type PaymentMethod } from '@/contracts/payment-method';
import { Badge, OnOffBadge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { DescriptionList, DetailPage, DetailSection } from '@/components/ui/detail-page';
import { PageHeader } from '@/components/ui/page-header';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { backofficePaths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useGetPaymentMethodQuery } from '../api';
import { DeleteMethodDialog, useMethodSwitch } from '../components/method-dialogs';

function MethodView({ method }: { method: PaymentMethod }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const { setEnabled, pending } = useMethodSwitch();
  return (
    <section className="max-w-4xl space-y-6">
      <PageHeader
        title={method.name}
        subtitle={PAYMENT_KIND_LABELS[method.kind]}
        actions={
          <>
            <Link to={backofficePaths.paymentMethodEdit(method.id)} className={buttonClasses('secondary')}>
              Editar
            </Link>
            {method.enabled ? (
              <Button variant="secondary" loading={pending} onClick={() => void setEnabled(method, false)}>
                Desativar
              </Button>
            ) : (
              <Button
                variant="secondary"
                loading={pending}
                disabled={!method.platformEnabled}
                title={method.platformEnabled ? undefined : 'Ative a plataforma antes'}
                onClick={() => void setEnabled(method, true)}
              >
                Ativar
              </Button>
            )}
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Excluir
            </Button>
          </>
        }
      />
      {method.platformEnabled ? null : (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          A plataforma {method.platformName} está inativa: este método só pode ser ativado depois que ela for ativada.
        </p>
      )}
      <DetailSection title="Dados do método">
        <DescriptionList
          items={[
            { term: 'Nome', description: method.name },
            { term: 'Tipo', description: PAYMENT_KIND_LABELS[method.kind] },
            {
              term: 'Plataforma',
              description: (
                <span className="inline-flex flex-wrap items-center gap-2">
                  <Link
                    to={backofficePaths.paymentPlatform(method.platformId)}
                    className="text-accent-strong underline-offset-2 hover:underline"
                  >
                    {method.platformName}
                  </Link>
                  {method.platformEnabled ? null : <Badge tone="warning">Inativa</Badge>}
                </span>
              ),
            },
            { term: 'Parcelas máximas', description: installmentsLabel(method.maxInstallments) },
            { term: 'Status', description: <OnOffBadge on={method.enabled} /> },
            {
              term: 'Pedidos aguardando pagamento',
              description:
                method.unpaidOrderCount === 0
                  ? 'Nenhum'
                  : `${method.unpaidOrderCount} (o método não pode ser excluído enquanto houver)`,
            },
            { term: 'Cadastrado em', description: formatDateTime(method.createdAt) },
            { term: 'Última alteração', description: formatDateTime(method.updatedAt) },
          ]}
        />
      </DetailSection>
      <DeleteMethodDialog
        method={deleting ? method : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate(backofficePaths.paymentMethods, { replace: true })}
      />
    </section>
  );
}

export default function PaymentMethodDetailScreen() {
  const { id = '' } = useParams();
  const query = useGetPaymentMethodQuery(id, { refetchOnMountOrArgChange: 30 });
  useBreadcrumbTitle(query.currentData?.name);
  return (
    <DetailPage
      query={query}
      notFoundTitle="Método de pagamento não encontrado"
      notFoundDescription="Ele pode ter sido excluído, ou o endereço está incorreto."
      backTo={{ href: backofficePaths.paymentMethods, label: 'Voltar para Métodos de Pagamento' }}
    >
      {(method: PaymentMethod) => <MethodView method={method} />}
    </DetailPage>
  );
}
