// A PLC simulator for the lab (issue 34): Modbus TCP on 502 (Read Holding Registers, function 3, answered with fixed
// values; the connection stays open and every request is answered) and an HTTP page on 80 naming its machine. No
// dependencies; run inside a machine namespace: `node scripts/lab/plc.mjs --name "Envasadora A" [--modbus 502] [--http 80]`.
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    name: { type: 'string', default: 'CLP de laboratório' },
    modbus: { type: 'string', default: '502' },
    http: { type: 'string', default: '80' },
    host: { type: 'string', default: '0.0.0.0' },
  },
});
const name = values.name;

/** Holding register i holds 100 + i (a fixed, recognisable pattern). */
const register = (address) => (100 + address) & 0xffff;

/** One Modbus TCP answer for one request frame (MBAP header + PDU). */
export function modbusAnswer(frame) {
  const transaction = frame.readUInt16BE(0);
  const unit = frame.readUInt8(6);
  const fn = frame.readUInt8(7);
  const header = (pduLength) => {
    const out = Buffer.alloc(7);
    out.writeUInt16BE(transaction, 0);
    out.writeUInt16BE(0, 2);
    out.writeUInt16BE(pduLength + 1, 4);
    out.writeUInt8(unit, 6);
    return out;
  };
  const exception = (code) => Buffer.concat([header(2), Buffer.from([fn | 0x80, code])]);
  if (fn !== 3) return exception(1); // illegal function
  if (frame.length < 12) return exception(3);
  const start = frame.readUInt16BE(8);
  const count = frame.readUInt16BE(10);
  if (count < 1 || count > 125) return exception(3); // illegal data value
  const pdu = Buffer.alloc(2 + count * 2);
  pdu.writeUInt8(3, 0);
  pdu.writeUInt8(count * 2, 1);
  for (let i = 0; i < count; i += 1) pdu.writeUInt16BE(register(start + i), 2 + i * 2);
  return Buffer.concat([header(pdu.length), pdu]);
}

const modbus = createTcpServer((socket) => {
  let pending = Buffer.alloc(0);
  socket.setNoDelay(true);
  socket.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    // Frames: 6 bytes of header, then `length` bytes (unit id + PDU).
    while (pending.length >= 7) {
      const length = pending.readUInt16BE(4);
      if (length < 2 || length > 260) {
        socket.destroy();
        return;
      }
      if (pending.length < 6 + length) break;
      const frame = pending.subarray(0, 6 + length);
      pending = pending.subarray(6 + length);
      socket.write(modbusAnswer(frame));
    }
  });
  socket.on('error', () => undefined);
});

const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const page = `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>CLP — ${escapeHtml(name)}</title><h1>CLP — ${escapeHtml(name)}</h1>\n`;

const http = createHttpServer((request, response) => {
  if (request.url === '/bytes') {
    // A large body for throughput measurements (npm run bench:tunnel): 32 MiB of zeros.
    const chunk = Buffer.alloc(64 * 1024);
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(chunk.length * 512) });
    let sent = 0;
    const pump = () => {
      while (sent < 512) {
        sent += 1;
        if (!response.write(chunk)) return response.once('drain', pump);
      }
      response.end();
    };
    return pump();
  }
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(page);
});
http.keepAliveTimeout = 120_000;

modbus.listen(Number(values.modbus), values.host);
http.listen(Number(values.http), values.host, () => {
  console.log(JSON.stringify({ plc: name, modbus: Number(values.modbus), http: Number(values.http) }));
});
const stop = () => {
  modbus.close();
  http.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
