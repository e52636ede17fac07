/**
 * `GET /backoffice/machine?q=` on the main backend (staff only): the machines of every builder, as the back office
 * picks the ones a VPN user may reach — id, name, serial number and the builder's name. Searched by name, serial
 * number or builder; sorted by name (or builder); paged.
 */
import { http } from 'msw';
import { backofficeMachineListQuery } from '@/contracts/vpn';
import { list } from '@/testing/fake-api/collection';
import { adminOnly, type HandlerContext } from '@/testing/fake-api/http';

export function backofficeMachineHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  return [
    http.get(`${apiUrl}/backoffice/machine`, adminOnly(ctx, ({ request }) => {
      const owners = new Map(db.data.assemblers.map((assembler) => [assembler.uid, assembler.name]));
      const ownerName = (ownerUid: string) => owners.get(ownerUid) ?? '';
      return list(db.data.machines, {
        query: backofficeMachineListQuery.parse(new URL(request.url).searchParams),
        where: () => true,
        searchFields: ['name', 'serialNumber', (machine) => ownerName(machine.ownerUid)],
        sorts: { name: (machine) => machine.name, ownerName: (machine) => ownerName(machine.ownerUid) },
        toJson: (machine) => ({
          id: machine.id,
          name: machine.name,
          serialNumber: machine.serialNumber,
          ownerName: ownerName(machine.ownerUid),
        }),
      });
    })),
  ];
}
