import type { Capability } from '@/contracts/team-roles';
import type { ResourcePaths } from '@/config/resource-paths';
import type { ScreenEntry, ScreenModule } from './screen-registry';

/** One of a resource's four screens: its title and its module (a literal `import()`, so each stays its own chunk). */
interface CrudScreen {
  title: string;
  load: () => Promise<ScreenModule>;
}

export interface CrudScreensOptions<Group extends string> {
  /** Entry ids: the list's ('customers') and a record's ('customer'; the forms are 'customer-new', 'customer-edit'). */
  ids: readonly [list: string, one: string];
  /** What the create and edit forms need of the role (the list and the record's page need nothing). */
  need?: Capability;
  /** The list, with its sidebar entry, icon and search keywords. */
  list: CrudScreen & Pick<ScreenEntry<Group>, 'icon' | 'sidebar' | 'keywords'>;
  new: CrudScreen;
  one: CrudScreen;
  edit: CrudScreen;
}

/**
 * A CRUD resource's four registry entries in one call, in the order list, new, record, edit: the paths from
 * config/paths.ts (`portalResources.customers`), the three others under the list in the breadcrumb, `need` on the
 * forms only.
 *
 * ```ts
 * ...crudScreens(portalResources.customers, {
 *   ids: ['customers', 'customer'],
 *   need: 'edit',
 *   list: { title: 'Clientes', icon: UsersIcon, sidebar: { group: 'main' }, load: () => import('…/customers-list') },
 *   new: { title: 'Novo cliente', load: () => import('…/customer-new') },
 *   one: { title: 'Cliente', load: () => import('…/customer-detail') },
 *   edit: { title: 'Editar cliente', load: () => import('…/customer-edit') },
 * }),
 * ```
 */
export function crudScreens<Group extends string>(
  paths: Pick<ResourcePaths<string, string, string>, 'list' | 'new' | 'onePattern' | 'editPattern'>,
  { ids: [listId, oneId], need, list, new: create, one, edit }: CrudScreensOptions<Group>,
): ScreenEntry<Group>[] {
  const guard = need ? { need } : {};
  return [
    { id: listId, path: paths.list, ...list },
    { id: `${oneId}-new`, ...guard, path: paths.new, parent: listId, ...create },
    { id: oneId, path: paths.onePattern, parent: listId, ...one },
    { id: `${oneId}-edit`, ...guard, path: paths.editPattern, parent: listId, ...edit },
  ];
}
