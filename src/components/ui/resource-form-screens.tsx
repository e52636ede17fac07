import { useCallback, useState, type ComponentType } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useCreateSubmit } from '@/lib/api/idempotency';
import { DetailPage, type DetailPageProps, type DetailQuery } from './detail-page';
import type { RecordFormProps } from './form/use-record-form';
import { FormPage } from './form-page';
import { useBreadcrumbTitle, usePageTitle } from './page-title';
import { toast } from './toast';

/*
 * The create and edit screens of a CRUD resource, built from the resource's names, hooks and texts: each screen
 * module is one call (`export default resourceNewScreen({ … })`), so it stays its own lazy-loaded route chunk.
 */

/** What an RTK Query trigger returns: `.unwrap()` gives the record or throws the API error. */
interface Unwrappable<TRecord> {
  unwrap(): Promise<TRecord>;
}

/** An RTK Query mutation or lazy query hook: `[trigger, state]`; only the trigger is used. */
type TriggerHook<TArg, TRecord> = () => readonly [(arg: TArg) => Unwrappable<TRecord>, ...unknown[]];

/** A stored record as the edit screen needs it: its id, and the version every save sends back. */
interface VersionedRecord {
  id: string;
  version: number;
}

/** A record's form, as a create or edit screen renders it (`TExtra`: props only the edit screen gives it). */
type RecordFormComponent<TValues, TInput, TRecord, TExtra = Record<never, never>> = ComponentType<
  RecordFormProps<TValues, TInput, TRecord> & Partial<TExtra>
>;

export interface NewScreenConfig<TValues, TInput, TRecord extends { id: string }> {
  /** The resource's form (`CustomerForm`). */
  Form: RecordFormComponent<TValues, TInput, TRecord>;
  /** The create mutation's hook (`useCreateCustomerMutation`): its trigger takes `{ input, idempotencyKey }`. */
  useCreate: TriggerHook<{ input: TInput; idempotencyKey: string }, TRecord>;
  /** The h1: a text, or made from the page's title (`usePageTitle`: `(pageTitle) => pageTitle || 'Nova regra'`). */
  title: string | ((pageTitle: string) => string);
  subtitle: string;
  /** The form's first values, read once: the empty record, or one preset from the URL's query (`?customer=`). */
  defaultValues: (search: URLSearchParams) => TValues;
  /** The toast after a save: a text, or one that depends on the record created. */
  savedToast: string | ((record: TRecord) => string);
  /** The record's page, where a save lands (`portalPaths.customer`). */
  recordPath: (id: string) => string;
  /** The list, where "Cancelar" goes. */
  listPath: string;
}

/**
 * A resource's create screen: the FormPage with its title and subtitle, the form with its first values, a save
 * through `useCreateSubmit` (one idempotency key per submission), then the toast and the record's page.
 *
 * ```tsx
 * export default resourceNewScreen({
 *   Form: CustomerForm, useCreate: useCreateCustomerMutation, defaultValues: () => EMPTY_CUSTOMER,
 *   title: 'Novo cliente', subtitle: '…', savedToast: 'Cliente cadastrado.',
 *   recordPath: portalPaths.customer, listPath: portalPaths.customers,
 * });
 * ```
 */
export function resourceNewScreen<TValues, TInput, TRecord extends { id: string }>(
  config: NewScreenConfig<TValues, TInput, TRecord>,
): ComponentType {
  const { Form, useCreate, title, subtitle, defaultValues, savedToast, recordPath, listPath } = config;

  return function NewScreen() {
    const pageTitle = usePageTitle();
    const navigate = useNavigate();
    const [search] = useSearchParams();
    const [create] = useCreate();
    const submit = useCreateSubmit(create);
    const [initialValues] = useState(() => defaultValues(search));

    const saved = useCallback(
      (record: TRecord) => {
        toast.success(typeof savedToast === 'string' ? savedToast : savedToast(record));
        navigate(recordPath(record.id), { replace: true });
      },
      [navigate],
    );

    return (
      <FormPage title={typeof title === 'string' ? title : title(pageTitle)} subtitle={subtitle}>
        <Form defaultValues={initialValues} onSubmit={submit} onSaved={saved} onCancel={() => navigate(listPath)} />
      </FormPage>
    );
  };
}

export interface EditScreenConfig<TValues, TInput, TRecord extends VersionedRecord, TExtra> {
  /** The resource's form (`CustomerForm`). */
  Form: RecordFormComponent<TValues, TInput, TRecord, TExtra>;
  /** The record's query hook (`useGetCustomerQuery`). */
  useGet: (id: string) => DetailQuery<NoInfer<TRecord>>;
  /** Its lazy twin (`useLazyGetCustomerQuery`): the newest version after a 409. */
  useLazyGet: TriggerHook<string, TRecord>;
  /** The update mutation's hook (`useUpdateCustomerMutation`): its trigger takes `{ id, version, input }`. */
  useUpdate: TriggerHook<{ id: string; version: number; input: TInput }, TRecord>;
  /** A stored record as the form shows it (`customerToForm`). */
  toForm: (record: NoInfer<TRecord>) => TValues;
  /** The record's name: the subtitle, and the breadcrumb's "Editar <name>". */
  name: (record: NoInfer<TRecord>) => string;
  /** The h1 ("Editar cliente"). */
  title: string;
  /** DetailPage's not-found state: its title, description and the way back to the list. */
  notFound: Pick<DetailPageProps<unknown>, 'notFoundTitle' | 'notFoundDescription' | 'backTo'>;
  /** The record's page, where a save and "Cancelar" go (`portalPaths.customer`). */
  recordPath: (id: string) => string;
  /**
   * Which of the query's fields names the breadcrumb: `data` (default; still the previous record while another id
   * loads) or `currentData` (this id's record only).
   */
  breadcrumbFrom?: 'data' | 'currentData';
  /**
   * A hook giving the form the props only an edit has (`approvalLocked` from the role, the stored `machine`);
   * called on every render of the form.
   */
  useFormProps?: (record: TRecord) => Partial<TExtra>;
}

/**
 * A resource's edit screen: DetailPage over the record's query (skeleton, not-found, error), the breadcrumb named
 * "Editar <name>", the FormPage "Editar …" and the form with the record's values. A save sends the version the
 * form was loaded with (a newer one on the server is a 409, which offers to reload the latest), then says
 * 'Alterações salvas.' and goes to the record's page.
 *
 * ```tsx
 * export default resourceEditScreen({
 *   Form: CustomerForm, useGet: useGetCustomerQuery, useLazyGet: useLazyGetCustomerQuery,
 *   useUpdate: useUpdateCustomerMutation, toForm: customerToForm, name: (customer) => customer.name,
 *   title: 'Editar cliente', notFound: { notFoundTitle: 'Cliente não encontrado', backTo: … },
 *   recordPath: portalPaths.customer,
 * });
 * ```
 */
export function resourceEditScreen<TValues, TInput, TRecord extends VersionedRecord, TExtra = Record<never, never>>(
  config: EditScreenConfig<TValues, TInput, TRecord, TExtra>,
): ComponentType {
  const { Form, useGet, useLazyGet, useUpdate, toForm, name, title, notFound, recordPath } = config;
  const breadcrumbFrom = config.breadcrumbFrom ?? 'data';
  const useFormProps: (record: TRecord) => Partial<TExtra> = config.useFormProps ?? noFormProps;

  function EditForm({ record }: { record: TRecord }) {
    const navigate = useNavigate();
    const [update] = useUpdate();
    const [fetchLatest] = useLazyGet();
    const extra = useFormProps(record);

    const saved = useCallback(
      (result: TRecord) => {
        toast.success('Alterações salvas.');
        navigate(recordPath(result.id), { replace: true });
      },
      [navigate],
    );

    return (
      <Form
        {...extra}
        // The version the form was loaded with travels with every save; a newer one on the server is a 409.
        key={record.id}
        defaultValues={toForm(record)}
        onSubmit={(input: TInput) => update({ id: record.id, version: record.version, input }).unwrap()}
        onSaved={saved}
        onCancel={() => navigate(recordPath(record.id))}
        onReloadLatest={() => fetchLatest(record.id).unwrap()}
      />
    );
  }

  return function EditScreen() {
    const { id = '' } = useParams();
    const query = useGet(id);
    const shown = query[breadcrumbFrom];
    useBreadcrumbTitle(shown ? `Editar ${name(shown)}` : undefined);
    return (
      <DetailPage query={query} {...notFound}>
        {(record: TRecord) => (
          <FormPage title={title} subtitle={name(record)}>
            <EditForm record={record} />
          </FormPage>
        )}
      </DetailPage>
    );
  };
}

/** No edit-only props. */
function noFormProps<TExtra>(): Partial<TExtra> {
  return {};
}
