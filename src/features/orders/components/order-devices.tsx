import { useState, type ReactNode } from 'react';
import { Link, useHref } from 'react-router-dom';
import type { Order, OrderDevice } from '@/contracts/order';
import { Button, buttonClasses } from '@/components/ui/button';
import { DetailSection } from '@/components/ui/detail-page';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QrIcon } from '@/components/ui/icons';
import { QrCode } from '@/components/ui/qr-code';
import { portalPaths } from '@/config/paths';
import { OrderDeviceStatusBadge } from '@/entities/orders/order-status-badge';

const linkClasses = 'font-mono text-accent-strong underline underline-offset-2 hover:no-underline';

/** The QR code a gateway's label carries: the full address of its `/setup/:code` page. */
function SetupQrDialog({ device, onOpenChange }: { device: OrderDevice; onOpenChange(open: boolean): void }) {
  const href = useHref(portalPaths.setup(device.setupCode));
  const url = typeof window === 'undefined' ? href : new URL(href, window.location.origin).toString();
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>QR code de {device.name}</DialogTitle>
          <DialogDescription>Imprima na etiqueta do gateway: quem o ler abre a página de configuração dele.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-3">
          <QrCode value={url} label={`QR code da configuração de ${device.name}`} size={208} />
          <p className="font-mono text-sm font-semibold text-slate-900">{device.setupCode}</p>
          <p className="break-all text-center text-xs text-slate-600">{url}</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function DeviceRow({ device, onShowQr }: { device: OrderDevice; onShowQr(): void }) {
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={portalPaths.device(device.id)} className="font-medium text-slate-900 underline-offset-2 hover:underline">
            {device.name}
          </Link>
          <OrderDeviceStatusBadge status={device.status} />
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-slate-600">Número de série</dt>
          <dd className="font-mono text-slate-900">{device.serialNumber}</dd>
          <dt className="text-slate-600">Código de configuração</dt>
          <dd className="font-mono font-semibold text-slate-900">{device.setupCode}</dd>
          <dt className="text-slate-600">Configuração</dt>
          <dd className="min-w-0 break-all">
            <Link to={portalPaths.setup(device.setupCode)} className={linkClasses}>
              /setup/{device.setupCode}
            </Link>
          </dd>
        </dl>
      </div>
      <Button variant="secondary" size="sm" className="self-start sm:self-center" onClick={onShowQr}>
        <QrIcon width={16} height={16} />
        QR code<span className="sr-only"> de {device.name}</span>
      </Button>
    </li>
  );
}

/**
 * "Dispositivos deste pedido": every gateway the paid order provisioned, with its serial number, setup code, the
 * link to its `/setup/:code` page, its QR code and its status. Before payment it says when they will appear.
 */
export function OrderDevices({ order }: { order: Order }) {
  const [qrFor, setQrFor] = useState<OrderDevice | null>(null);
  const gateways = order.items.filter((item) => item.kind === 'gateway').reduce((sum, item) => sum + item.quantity, 0);
  if (gateways === 0) return null;

  let content: ReactNode;
  if (order.devices.length > 0) {
    content = (
      <ul aria-label="Dispositivos deste pedido" className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {order.devices.map((device) => (
          <DeviceRow key={device.id} device={device} onShowQr={() => setQrFor(device)} />
        ))}
      </ul>
    );
  } else if (order.status === 'cancelado') {
    content = (
      <EmptyState
        headingLevel={3}
        title="Nenhum dispositivo"
        description={
          order.payment.paidAt
            ? 'O pedido foi cancelado depois do pagamento: os gateways que ainda não estavam em uso foram retirados.'
            : 'O pedido foi cancelado antes do pagamento.'
        }
      />
    );
  } else {
    content = (
      <EmptyState
        headingLevel={3}
        title="Aguardando o pagamento"
        description={`Assim que o pagamento for confirmado, ${gateways === 1 ? 'o gateway aparece' : `os ${gateways} gateways aparecem`} aqui, cada um com seu código de configuração.`}
      />
    );
  }

  return (
    <DetailSection
      title="Dispositivos deste pedido"
      actions={
        order.devices.length > 0 ? (
          <Link to={portalPaths.orderLabels(order.id)} className={buttonClasses('secondary', 'sm')}>
            <QrIcon width={16} height={16} />
            Imprimir etiquetas
          </Link>
        ) : null
      }
    >
      {order.devices.length > 0 ? (
        <p className="mb-3 text-sm text-slate-600">
          Cada gateway já está na sua conta, em Dispositivos. Ao instalar, leia o QR code da etiqueta ou abra o link de
          configuração.
        </p>
      ) : null}
      {content}
      {qrFor ? <SetupQrDialog device={qrFor} onOpenChange={(open) => (open ? null : setQrFor(null))} /> : null}
    </DetailSection>
  );
}
