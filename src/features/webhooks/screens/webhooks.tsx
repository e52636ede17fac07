import { useState } from 'react';
import { Link } from 'react-router-dom';
import { WEBHOOK_EVENT_LABELS } from '@/contracts/webhooks';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LockIcon, PlugIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { getEnv } from '@/config/env';
import { portalPaths } from '@/config/paths';
import { useAccess } from '@/entities/access/api';
import { apiErrorMessage } from '@/lib/api/errors';
import { useCreateSubmit } from '@/lib/api/idempotency';
import { formatDateTime } from '@/lib/dates';
import {
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useListWebhooksQuery,
  useRotateWebhookSecretMutation,
  useSendWebhookTestMutation,
  useUpdateWebhookMutation,
  type WebhookEndpointView,
} from '../api';
import { DeliveryLog } from '../components/delivery-log';
import { SecretDialog } from '../components/secret-dialog';
import { WebhookForm, type WebhookFormValues } from '../components/webhook-form';

export const WEBHOOKS_TECNICO_MESSAGE = 'O perfil Técnico não acessa os webhooks da conta.';
export const WEBHOOKS_LEITURA_MESSAGE = 'O perfil Leitura vê os webhooks, mas só um Administrador os altera.';

const EMPTY_FORM: WebhookFormValues = { url: '', events: ['gateway-offline', 'gateway-online'], enabled: true };

function ListLoading() {
  return (
    <div aria-busy="true" className="space-y-4">
      <p role="status" className="sr-only">
        Carregando os webhooks…
      </p>
      {[0, 1].map((key) => (
        <div key={key} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-10" />
        </div>
      ))}
    </div>
  );
}

function EndpointCard({
  endpoint,
  canEdit,
  onEdit,
  onDelete,
  onRotate,
}: {
  endpoint: WebhookEndpointView;
  canEdit: boolean;
  onEdit(): void;
  onDelete(): void;
  onRotate(): void;
}) {
  const [sendTest, test] = useSendWebhookTestMutation();
  const headingId = `webhook-${endpoint.id}-url`;
  return (
    <article aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="break-all font-mono text-sm font-semibold text-slate-900">
            {endpoint.url}
          </h2>
          <p className="text-sm text-slate-600">
            <span className="sr-only">Eventos: </span>
            {endpoint.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ')}
          </p>
          {endpoint.disabledAt ? (
            <p className="text-sm text-red-700">Desativado em {formatDateTime(endpoint.disabledAt)} depois de 24 horas de falhas.</p>
          ) : endpoint.failingSince ? (
            <p className="text-sm text-amber-700">As entregas falham desde {formatDateTime(endpoint.failingSince)}.</p>
          ) : null}
        </div>
        <Badge tone={endpoint.enabled ? 'success' : 'neutral'} dot>
          {endpoint.enabled ? 'Ativo' : 'Desativado'}
        </Badge>
      </div>
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            loading={test.isLoading}
            onClick={() =>
              void sendTest(endpoint.id)
                .unwrap()
                .then(() => toast.success('Teste enviado.'))
                .catch((error: unknown) => toast.error(apiErrorMessage(error)))
            }
          >
            Enviar teste
          </Button>
          <Button size="sm" variant="secondary" onClick={onEdit}>
            Editar
          </Button>
          <Button size="sm" variant="secondary" onClick={onRotate}>
            Gerar novo segredo
          </Button>
          <Button size="sm" variant="danger" onClick={onDelete}>
            Excluir
          </Button>
        </div>
      ) : null}
      <section aria-label={`Entregas de ${endpoint.url}`} className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">Entregas</h3>
        <DeliveryLog endpointId={endpoint.id} canEdit={canEdit} url={endpoint.url} />
      </section>
    </article>
  );
}

/**
 * Configurações → "Webhooks" (issue 37): the account's signed webhooks. An Administrador creates ("Novo webhook":
 * the URL and the events; the secret shown once), edits, tests ("Enviar teste"), rotates the secret, deletes (after
 * a confirmation) and resends a delivery ("Reenviar"); Leitura reads the endpoints and their logs; a Técnico has none.
 */
export default function WebhooksScreen() {
  const title = usePageTitle() || 'Webhooks';
  const access = useAccess();
  const role = access.data?.role;
  const tecnico = role === 'tecnico';
  const canEdit = role === 'administrador';
  const list = useListWebhooksQuery(undefined, { skip: !role || tecnico });
  const [creating, setCreating] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpointView | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpointView | null>(null);
  const [secret, setSecret] = useState<{ secret: string; url: string } | null>(null);
  const [create] = useCreateWebhookMutation();
  const submitCreate = useCreateSubmit(create);
  const [update] = useUpdateWebhookMutation();
  const [remove, removal] = useDeleteWebhookMutation();
  const [rotate, rotation] = useRotateWebhookSecretMutation();
  const [actionError, setActionError] = useState<string | null>(null);

  const closeForm = () => {
    setCreating(false);
    setEditing(null);
    setDirty(false);
  };

  let body;
  if (tecnico) {
    body = null;
  } else if (list.data) {
    body =
      list.data.data.length === 0 ? (
        <EmptyState
          icon={<PlugIcon />}
          title="Nenhum webhook"
          description="Cadastre o endereço do seu sistema para receber os eventos da conta (gateway offline, pedido atualizado…), assinados."
        />
      ) : (
        <div className="space-y-4">
          {list.data.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              canEdit={canEdit}
              onEdit={() => setEditing(endpoint)}
              onDelete={() => {
                setActionError(null);
                setDeleting(endpoint);
              }}
              onRotate={() => {
                setActionError(null);
                setRotating(endpoint);
              }}
            />
          ))}
        </div>
      );
  } else if (list.error) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>Não foi possível carregar os webhooks. {apiErrorMessage(list.error)}</p>
        <Button variant="secondary" size="sm" loading={list.isFetching} onClick={() => void list.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  } else {
    body = <ListLoading />;
  }

  const lock = tecnico ? WEBHOOKS_TECNICO_MESSAGE : role === 'leitura' ? WEBHOOKS_LEITURA_MESSAGE : null;

  return (
    <section className="max-w-4xl">
      <PageHeader
        title={title}
        subtitle="Os eventos da conta enviados para os seus sistemas por HTTPS, assinados (Ponte-Signature), com novas tentativas por 24 horas."
        actionsNeed="team"
        actions={
          canEdit ? (
            <Button
              onClick={() => {
                setDirty(false);
                setCreating(true);
              }}
            >
              Novo webhook
            </Button>
          ) : undefined
        }
      />
      {lock ? (
        <p className="mb-4 flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          <LockIcon className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>{lock} Fale com um Administrador da sua empresa.</span>
        </p>
      ) : null}
      {getEnv().demo && !tecnico ? (
        <p className="mb-4 text-sm text-slate-700">
          Demonstração: o webhook de exemplo entrega no receptor da própria demonstração.{' '}
          <Link to={portalPaths.demoWebhooks} className={buttonClasses('link', 'sm', 'h-auto p-0')}>
            Ver webhooks recebidos (demonstração)
          </Link>
        </p>
      ) : null}
      {body}

      {creating ? (
        <FormDialog title="Novo webhook" description="Um endereço HTTPS público e os eventos que ele recebe." busy={false} dirty={dirty} onOpenChange={(open) => (open ? undefined : closeForm())}>
          <WebhookForm
            initial={EMPTY_FORM}
            editing={false}
            submitLabel="Criar webhook"
            onDirty={() => setDirty(true)}
            onCancel={closeForm}
            onSubmit={async ({ url, events }) => {
              const created = await submitCreate({ url, events });
              closeForm();
              toast.success('Webhook criado.');
              if (created.secret) setSecret({ secret: created.secret, url: created.url });
            }}
          />
        </FormDialog>
      ) : null}

      {editing ? (
        <FormDialog title="Editar webhook" description={editing.url} busy={false} dirty={dirty} onOpenChange={(open) => (open ? undefined : closeForm())}>
          <WebhookForm
            initial={{ url: editing.url, events: editing.events, enabled: editing.enabled }}
            editing
            submitLabel="Salvar"
            onDirty={() => setDirty(true)}
            onCancel={closeForm}
            onSubmit={async (input) => {
              await update({ id: editing.id, version: editing.version, input }).unwrap();
              closeForm();
              toast.success('Webhook salvo.');
            }}
          />
        </FormDialog>
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Excluir webhook?"
        description={deleting ? `${deleting.url} deixa de receber eventos, e o registro de entregas dele é apagado.` : undefined}
        confirmLabel="Excluir"
        tone="danger"
        pending={removal.isLoading}
        error={actionError}
        onConfirm={() => {
          if (!deleting) return;
          void remove({ id: deleting.id, version: deleting.version })
            .unwrap()
            .then(() => {
              setDeleting(null);
              toast.success('Webhook excluído.');
            })
            .catch((error: unknown) => setActionError(apiErrorMessage(error)));
        }}
      />

      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => (open ? undefined : setRotating(null))}
        title="Gerar novo segredo?"
        description="O segredo atual deixa de valer na hora: atualize o seu sistema com o novo."
        confirmLabel="Gerar novo segredo"
        pending={rotation.isLoading}
        error={actionError}
        onConfirm={() => {
          if (!rotating) return;
          void rotate(rotating.id)
            .unwrap()
            .then((rotated) => {
              setRotating(null);
              if (rotated.secret) setSecret({ secret: rotated.secret, url: rotated.url });
            })
            .catch((error: unknown) => setActionError(apiErrorMessage(error)));
        }}
      />

      {secret ? <SecretDialog secret={secret.secret} url={secret.url} onClose={() => setSecret(null)} /> : null}
    </section>
  );
}
