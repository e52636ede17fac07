import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { addressListQuery, addressName, openOrdersCount, streetLine, type Address } from '@/contracts/address';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { MapPinIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { SearchInput } from '@/components/ui/search-input';
import { listTableProps } from '@/components/ui/list-table';
import { useListState } from '@/components/ui/use-list-state';
import { portalPaths } from '@/config/paths';
import { addressesApi, useListAddressesQuery } from '@/entities/addresses/api';
import { DeleteAddressDialog } from '../components/delete-address-dialog';
import { useMakeDefault } from '../components/use-make-default';
import { useListLoader } from '@/lib/api/use-list-loader';

type AddressSort = 'label' | 'street' | 'city' | 'createdAt';

const COLUMNS: Column<Address, AddressSort>[] = [
  {
    id: 'label',
    header: 'Apelido',
    sortKey: 'label',
    primary: true,
    cell: (address) => (
      <span className="inline-flex flex-wrap items-center gap-2">
        <span>{addressName(address)}</span>
        {address.isDefault ? <Badge tone="accent">Padrão</Badge> : null}
      </span>
    ),
  },
  {
    id: 'street',
    header: 'Endereço',
    sortKey: 'street',
    cell: (address) => streetLine(address),
  },
  { id: 'district', header: 'Bairro', hideOnMobile: true, cell: (address) => address.district },
  {
    id: 'city',
    header: 'Cidade',
    sortKey: 'city',
    cell: (address) => `${address.city} / ${address.uf}`,
  },
  {
    id: 'cep',
    header: 'CEP',
    cell: (address) => <span className="whitespace-nowrap tabular-nums">{address.cep}</span>,
  },
];

const countLabel = (total: number) => (total === 1 ? '1 endereço' : `${total} endereços`);

export default function AddressesListScreen() {
  const title = usePageTitle();
  const navigate = useNavigate();
  const load = useListLoader(addressesApi.endpoints.listAddresses);
  const list = useListState(addressListQuery, { load });
  const { query } = list;
  const result = useListAddressesQuery(query);
  const [toDelete, setToDelete] = useState<Address | null>(null);
  const { makeDefault } = useMakeDefault();
  const newButton = (
    <Link to={portalPaths.addressNew} className={buttonClasses('primary')}>
      Novo endereço
    </Link>
  );

  return (
    <section>
      <PageHeader
        title={title}
        subtitle="Para onde seus pedidos são entregues. O endereço padrão já vem escolhido no checkout."
        actions={newButton}
        actionsNeed="purchase"
      />
      <div className="mb-4">
        <SearchInput
          className="sm:max-w-md"
          label="Buscar endereços"
          placeholder="Apelido, rua ou cidade"
          value={query.q}
          onSearch={list.setSearch}
        />
      </div>
      <DataTable
        caption="Meus Endereços"
        columns={COLUMNS}
        {...listTableProps(list, result)}
        getRowId={(address) => address.id}
        rowHref={(address) => portalPaths.address(address.id)}
        rowLabel={(address) => addressName(address)}
        emptyState={{
          icon: <MapPinIcon />,
          title: 'Nenhum endereço cadastrado',
          description: 'Cadastre o endereço da sua fábrica ou do seu escritório: digite o CEP e nós preenchemos o resto.',
          action: newButton,
          actionNeed: 'purchase',
        }}
        countLabel={countLabel}
        rowActions={(address) => [
          { label: 'Ver detalhes', onSelect: () => navigate(portalPaths.address(address.id)) },
          { label: 'Editar', onSelect: () => navigate(portalPaths.addressEdit(address.id)) },
          ...(address.isDefault ? [] : [{ label: 'Definir como padrão', onSelect: () => void makeDefault(address) }]),
          {
            label: 'Excluir',
            tone: 'danger' as const,
            onSelect: () => setToDelete(address),
            description: address.openOrderCount > 0 ? openOrdersCount(address.openOrderCount) : undefined,
          },
        ].map((action) => (action.label.startsWith('Ver') ? action : { ...action, need: 'purchase' as const }))}
      />
      <DeleteAddressDialog address={toDelete} onOpenChange={(open) => (open ? null : setToDelete(null))} />
    </section>
  );
}

