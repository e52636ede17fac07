/** A link to one record: `/customers/<id>` (the id URL-encoded). */
export type RecordPath = (id: string) => string;

/**
 * A CRUD resource's paths under the names config/paths.ts exports: for `('customer', 'customers')`, the links
 * `customers`, `customerNew`, `customer(id)`, `customerEdit(id)`…
 */
export type NamedResourcePaths<One extends string, List extends string, Base extends string> = Record<List, Base> &
  Record<`${One}New`, `${Base}/new`> &
  Record<One | `${One}Edit`, RecordPath>;

/** …and the route patterns `customer` ('/customers/:id') and `customerEdit` ('/customers/:id/edit'). */
export type NamedResourcePatterns<One extends string, Base extends string> = Record<One, `${Base}/:id`> &
  Record<`${One}Edit`, `${Base}/:id/edit`>;

/** Everything a CRUD resource's screens are reached by, from its list's path. */
export interface ResourcePaths<One extends string, List extends string, Base extends string> {
  /** The list: '/customers'. */
  list: Base;
  /** The create form: '/customers/new'. */
  new: `${Base}/new`;
  /** A record's page: '/customers/<id>'. */
  one: RecordPath;
  /** A record's edit form: '/customers/<id>/edit'. */
  edit: RecordPath;
  /** The route pattern of a record's page: '/customers/:id'. */
  onePattern: `${Base}/:id`;
  /** The route pattern of the edit form: '/customers/:id/edit'. */
  editPattern: `${Base}/:id/edit`;
  /** The links under their exported names, spread into portalPaths / backofficePaths. */
  paths: NamedResourcePaths<One, List, Base>;
  /** The patterns under their exported names, spread into portalPatterns / backofficePatterns. */
  patterns: NamedResourcePatterns<One, Base>;
}

/**
 * A CRUD resource's paths declared in one line: `resourcePaths('/customers', 'customer', 'customers')` gives the list,
 * "new", a record, its edit form and their route patterns, and the same under the names the callers use
 * (`portalPaths.customers`, `portalPaths.customerNew`, `portalPaths.customer(id)`, `portalPatterns.customerEdit`…).
 */
export function resourcePaths<const Base extends string, const One extends string, const List extends string>(
  base: Base,
  one: One,
  list: List,
): ResourcePaths<One, List, Base> {
  const newPath = `${base}/new` as const;
  const onePath: RecordPath = (id) => `${base}/${encodeURIComponent(id)}`;
  const editPath: RecordPath = (id) => `${base}/${encodeURIComponent(id)}/edit`;
  const onePattern = `${base}/:id` as const;
  const editPattern = `${base}/:id/edit` as const;
  return {
    list: base,
    new: newPath,
    one: onePath,
    edit: editPath,
    onePattern,
    editPattern,
    // Computed keys widen to a string index in TypeScript: the assertions restore the names built from `one`/`list`.
    paths: { [list]: base, [`${one}New`]: newPath, [one]: onePath, [`${one}Edit`]: editPath } as NamedResourcePaths<One, List, Base>,
    patterns: { [one]: onePattern, [`${one}Edit`]: editPattern } as NamedResourcePatterns<One, Base>,
  };
}
