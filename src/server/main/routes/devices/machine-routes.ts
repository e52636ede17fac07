/**
 * PUT /device/:id/machine: installs the gateway on a machine, moves it to another, or removes it
 * (`machineId: null`). Both sides are kept in step (`device.machine_id` and `machine.device_id`) in one batch. A
 * machine that holds another gateway is refused (409 `machine-has-device`) unless `move: true`, which takes that
 * one off. The version is optional (the wizard installs right after claiming); when sent, a stale one is refused.
 */
import { deviceMachineSchema, DEVICE_MACHINE_TAKEN_CODE, machineHasDeviceMessage } from '@/contracts/device';
import { REMOTE_ACCESS_MESSAGES as M } from '@/contracts/remote-access';
import { apiRoute, type App } from '../../../shared/app';
import { ApiError, notFound } from '../../../shared/errors';
import { errorsOf, idParams, ifMatchHeaders, json, jsonBody } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { updateVersioned } from '../../../shared/versioned';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { auditInsertWhere } from '../../audit';
import { endSessions } from '../machines/sessions';
import { personName } from '../remote-access/queries';
import { DEVICE_MACHINE_NOT_FOUND, DEVICE_NOT_FOUND, DEVICE_TAG } from './constants';
import { findOwnedDevice, findOwnedMachine, linkWrites, type MachineSide } from './machine-queries';
import { findDevice } from './queries';
import { deviceSchema } from './schemas';

export function machineRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'edit',
      method: 'put',
      path: '/device/{id}/machine',
      tags: [DEVICE_TAG],
      summary: 'Instala o dispositivo numa máquina, troca a máquina ou o remove (machineId null)',
      request: { params: idParams, headers: ifMatchHeaders, ...jsonBody(deviceMachineSchema) },
      responses: {
        200: json(deviceSchema, 'O dispositivo, com a sua máquina.'),
        ...errorsOf([400, 401, 403, 404, 409, 428]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { machineId, move } = c.req.valid('json');
      const { db } = c.var;
      const owner = c.var.principal.uid;
      const current = await findDevice(db, owner, id);
      if (!current) throw notFound(DEVICE_NOT_FOUND);
      if (c.req.header('If-Match') !== undefined) {
        const version = requireVersion(c.req.raw, null);
        if (version !== current.version) throw versionConflict(current);
      }
      const previous = current.machineId ? await findOwnedMachine(db, owner, current.machineId) : null;

      let target: MachineSide | null = null;
      let holder: { id: string; name: string } | null = null;
      if (machineId !== null) {
        target = await findOwnedMachine(db, owner, machineId);
        if (!target) throw new ApiError(404, 'not-found', DEVICE_MACHINE_NOT_FOUND, { field: 'machineId' });
        if (target.id === current.machineId && target.deviceId === current.id) return c.json(serialize(current) as never, 200);
        holder = target.deviceId && target.deviceId !== current.id ? await findOwnedDevice(db, owner, target.deviceId) : null;
        if (holder && !move) {
          throw new ApiError(409, DEVICE_MACHINE_TAKEN_CODE, machineHasDeviceMessage(target.name, holder.name), {
            field: 'machineId',
            deviceId: holder.id,
            deviceName: holder.name,
          });
        }
      } else if (current.machineId === null) {
        return c.json(serialize(current) as never, 200);
      }

      const now = Date.now();
      const { first, rest, changedByThisBatch } = linkWrites(db, owner, { device: current, previous, target, holder, now });
      // A grant is fixed at approval (issue 34): the machines whose gateway changes end their open sessions, in this
      // batch and only if the move took place.
      const editor = { uid: c.var.principal.memberUid, name: await personName(db, c.var.principal) };
      const ended = [previous, target]
        .filter((side): side is MachineSide => side !== null)
        .filter((side, index, sides) => sides.findIndex((other) => other.id === side.id) === index)
        .flatMap((side) => endSessions(db, owner, { machineId: side.id }, editor, M.gatewayMoved, now, changedByThisBatch));
      // The audit log's entry, kept only if the move took place (the same batch).
      const audited = auditInsertWhere(
        c,
        {
          kind: 'gateway.install',
          target: { kind: 'gateway', id, label: current.name },
          before: { machineName: previous?.name ?? '' },
          after: { machineName: target?.name ?? '' },
          at: now,
        },
        changedByThisBatch,
      );
      // One batch: the link's first write is guarded by the version; no row changed there means stale or gone.
      await updateVersioned(
        db.batch([first, ...rest, ...ended, audited]).then(([moved]) => moved),
        { current: () => findDevice(db, owner, id), notFound: DEVICE_NOT_FOUND },
      );
      const answer = await findDevice(db, owner, id);
      if (!answer) throw notFound(DEVICE_NOT_FOUND);
      return c.json(serialize(answer) as never, 200);
    },
  );
}
