import { Link } from 'react-router-dom';
import { addressListQuery, addressName, openOrdersCount, streetLine, type Address } from '@/contracts/address';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { ListBlock } from '@/components/ui/list-block';
import { MapPinIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { useListScreen } from '@/components/ui/use-list-screen';
import { portalPaths } from '@/config/paths';
import { addressesApi } from '@/entities/addresses/api';
import { DeleteAddressDialog } from '../components/delete-address-dialog';
import { useMakeDefault } from '../components/use-make-default';

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
  const { list, table, rowActions, toDelete, onDeleteOpenChange } = useListScreen(
    addressListQuery,
    addressesApi.endpoints.listAddresses,
  );
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
      <ListBlock
        list={list}
        table={table}
        toolbarClassName="mb-4"
        search={{ label: 'Buscar endereços', placeholder: 'Apelido, rua ou cidade', className: 'sm:max-w-md' }}
        caption="Meus Endereços"
        columns={COLUMNS}
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
        rowActions={(address) =>
          rowActions(address, {
            view: portalPaths.address(address.id),
            edit: portalPaths.addressEdit(address.id),
            extra: address.isDefault ? [] : [{ label: 'Definir como padrão', onSelect: () => void makeDefault(address), need: 'purchase' }],
            remove: { description: address.openOrderCount > 0 ? openOrdersCount(address.openOrderCount) : undefined },
            need: 'purchase',
          })
        }
      />
      <DeleteAddressDialog address={toDelete} onOpenChange={onDeleteOpenChange} />
    </section>
  );
}

