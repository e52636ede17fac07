import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PAYMENT_ENVIRONMENT_LABELS, type PaymentPlatform } from '@/contracts/payment-platform';
import { OnOffBadge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { DescriptionList, DetailPage, DetailSection } from '@/components/ui/detail-page';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { backofficePaths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useGetPaymentPlatformQuery } from '../api';
import { DeletePlatformDialog, DisablePlatformDialog, useEnablePlatform } from '../components/platform-dialogs';
import { SecretKeyTail } from '../components/secret-key-tail';

function PlatformMethods({ platform }: { platform: PaymentPlatform }) {
  const newMethod = `${backofficePaths.paymentMethodNew}?platform=${encodeURIComponent(platform.id)}`;
  return (
    <DetailSection
      title="Métodos de pagamento"
      actions={
        platform.enabled ? (
          <Link to={newMethod} className={buttonClasses('secondary', 'sm')}>
            Novo método
          </Link>
        ) : null
      }
    >
      {platform.methods.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title="Nenhum método nesta plataforma"
          description={
            platform.enabled
              ? 'Crie um método (Pix, boleto ou cartão) para oferecê-lo no checkout.'
              : 'Ative a plataforma para poder criar métodos nela.'
          }
        />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {platform.methods.map((method) => (
            <li key={method.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
              <Link
                to={backofficePaths.paymentMethod(method.id)}
                className="font-medium text-slate-900 underline-offset-2 hover:underline"
              >
                {method.name}
              </Link>
              <OnOffBadge on={method.enabled} />
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}

function PlatformView({ platform }: { platform: PaymentPlatform }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const { enable, pending: enabling } = useEnablePlatform();
  return (
    <section className="max-w-4xl space-y-6">
      <PageHeader
        title={platform.name}
        subtitle={platform.provider}
        actions={
          <>
            <Link to={backofficePaths.paymentPlatformEdit(platform.id)} className={buttonClasses('secondary')}>
              Editar
            </Link>
            {platform.enabled ? (
              <Button variant="secondary" onClick={() => setDisabling(true)}>
                Desativar
              </Button>
            ) : (
              <Button variant="secondary" loading={enabling} onClick={() => void enable(platform)}>
                Ativar
              </Button>
            )}
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Excluir
            </Button>
          </>
        }
      />
      <DetailSection title="Dados da plataforma">
        <DescriptionList
          items={[
            { term: 'Nome', description: platform.name },
            { term: 'Provedor', description: platform.provider },
            { term: 'Ambiente', description: PAYMENT_ENVIRONMENT_LABELS[platform.environment] },
            { term: 'Status', description: <OnOffBadge on={platform.enabled} /> },
            { term: 'Chave pública', description: <span className="break-all font-mono text-[13px]">{platform.publicKey}</span> },
            { term: 'Chave secreta', description: <SecretKeyTail last4={platform.secretKeyLast4} /> },
            { term: 'Cadastrada em', description: formatDateTime(platform.createdAt) },
            { term: 'Última alteração', description: formatDateTime(platform.updatedAt) },
          ]}
        />
      </DetailSection>
      <PlatformMethods platform={platform} />
      <DisablePlatformDialog platform={disabling ? platform : null} onOpenChange={setDisabling} />
      <DeletePlatformDialog
        platform={deleting ? platform : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate(backofficePaths.paymentPlatforms, { replace: true })}
      />
    </section>
  );
}

export default function PaymentPlatformDetailScreen() {
  const { id = '' } = useParams();
  const query = useGetPaymentPlatformQuery(id, { refetchOnMountOrArgChange: 30 });
  useBreadcrumbTitle(query.currentData?.name);
  return (
    <DetailPage
      query={query}
      notFoundTitle="Plataforma não encontrada"
      notFoundDescription="Ela pode ter sido excluída, ou o endereço está incorreto."
      backTo={{ href: backofficePaths.paymentPlatforms, label: 'Voltar para Plat. de Pagamento' }}
    >
      {(platform: PaymentPlatform) => <PlatformView platform={platform} />}
    </DetailPage>
  );
}
