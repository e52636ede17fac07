import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { addressName, cityLine, openOrdersCount, streetLine, type Address } from '@/contracts/address';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { DescriptionList, DetailPage, DetailSection } from '@/components/ui/detail-page';
import { PageHeader } from '@/components/ui/page-header';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { portalPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useGetAddressQuery } from '@/entities/addresses/api';
import { DeleteAddressDialog } from '../components/delete-address-dialog';
import { ADDRESS_NOT_FOUND_DESCRIPTION, ADDRESS_NOT_FOUND_TITLE, BACK_TO_ADDRESSES } from '../components/not-found';
import { useMakeDefault } from '../components/use-make-default';

function AddressView({ address }: { address: Address }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const { makeDefault, pending } = useMakeDefault();
  return (
    <section className="max-w-4xl space-y-6">
      <PageHeader
        title={addressName(address)}
        subtitle={`${streetLine(address)} · ${cityLine(address)}`}
        actionsNeed="purchase"
        actions={
          <>
            {address.isDefault ? null : (
              <Button variant="secondary" loading={pending} onClick={() => void makeDefault(address)}>
                Definir como padrão
              </Button>
            )}
            <Link to={portalPaths.addressEdit(address.id)} className={buttonClasses('secondary')}>
              Editar
            </Link>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Excluir
            </Button>
          </>
        }
      />
      <DetailSection title="Endereço de entrega" actions={address.isDefault ? <Badge tone="accent">Padrão</Badge> : null}>
        <DescriptionList
          items={[
            { term: 'Apelido', description: address.label },
            { term: 'CEP', description: address.cep },
            { term: 'Rua', description: address.street },
            { term: 'Número', description: address.number },
            { term: 'Complemento', description: address.complement },
            { term: 'Bairro', description: address.district },
            { term: 'Cidade / UF', description: `${address.city} / ${address.uf}` },
            {
              term: 'Endereço padrão',
              description: address.isDefault ? 'Sim: já vem escolhido no checkout' : 'Não',
            },
            {
              term: 'Pedidos em aberto',
              description: address.openOrderCount > 0 ? openOrdersCount(address.openOrderCount) : 'Nenhum',
            },
            { term: 'Cadastrado em', description: formatDateTime(address.createdAt) },
            { term: 'Última alteração', description: formatDateTime(address.updatedAt) },
          ]}
        />
      </DetailSection>
      <DeleteAddressDialog
        address={deleting ? address : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate(portalPaths.addresses, { replace: true })}
      />
    </section>
  );
}

export default function AddressDetailScreen() {
  const { id = '' } = useParams();
  const query = useGetAddressQuery(id, { refetchOnMountOrArgChange: 30 });
  useBreadcrumbTitle(query.currentData ? addressName(query.currentData) : undefined);
  return (
    <DetailPage
      query={query}
      notFoundTitle={ADDRESS_NOT_FOUND_TITLE}
      notFoundDescription={ADDRESS_NOT_FOUND_DESCRIPTION}
      backTo={BACK_TO_ADDRESSES}
    >
      {(address: Address) => <AddressView address={address} />}
    </DetailPage>
  );
}
