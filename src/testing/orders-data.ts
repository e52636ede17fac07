/** What the order tests read (or arrange) in the real backend's database (src/server/migrations/0005_commerce.sql). */
import { testSql } from './msw-server';

/** How many orders the database holds (every account). */
export async function storedOrderCount(): Promise<number> {
  const [row] = await testSql<{ n: number }>('SELECT COUNT(*) AS n FROM purchase_order');
  return row?.n ?? 0;
}

export interface StoredOrder {
  id: string;
  number: number;
  owner_uid: string;
  status: string;
  total: number;
  boleto_line: string | null;
  tracking_code: string | null;
  cancel_reason: string | null;
  version: number;
}

/** One order's row as stored. */
export async function storedOrder(id: string): Promise<StoredOrder> {
  const [row] = await testSql<StoredOrder>(
    'SELECT id, number, owner_uid, status, total, boleto_line, tracking_code, cancel_reason, version FROM purchase_order WHERE id = ?',
    [id],
  );
  if (!row) throw new Error(`pedido ${id} ausente do banco`);
  return row;
}

/** An order's lines, in the buyer's order. */
export async function storedOrderItems(id: string): Promise<Array<{ product_id: string; name: string; quantity: number }>> {
  return testSql('SELECT product_id, name, quantity FROM order_item WHERE order_id = ? ORDER BY line', [id]);
}

/** An order's timeline, oldest first. */
export async function storedTimeline(id: string): Promise<Array<{ status: string; actor_kind: string; actor_name: string; note: string | null }>> {
  return testSql('SELECT status, actor_kind, actor_name, note FROM order_timeline WHERE order_id = ? ORDER BY at, id', [id]);
}

export interface StoredDevice {
  id: string;
  name: string;
  serial_number: string;
  setup_code: string;
  status: string;
}

/** The gateways an order provisioned, in the order the API lists them. */
export async function storedOrderDevices(orderId: string): Promise<StoredDevice[]> {
  return testSql<StoredDevice>('SELECT id, name, serial_number, setup_code, status FROM device WHERE order_id = ? ORDER BY serial_number', [orderId]);
}
