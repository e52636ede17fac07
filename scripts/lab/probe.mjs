// A TCP client for the lab's checks, run in the engineer namespace (`ip netns exec plab-eng node probe.mjs …`).
//   --mode connect: one connection attempt; prints {"connected":true} or {"connected":false,"error":…}; exit 0/1.
//   --mode http: one keep-alive connection sending `GET /` every --every ms; one JSON line per answer
//     ({"reply":n,"at":ms}), then {"closed":…} when the connection ends; stops after --max-ms.
import { connect } from 'node:net';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    host: { type: 'string' },
    port: { type: 'string', default: '80' },
    mode: { type: 'string', default: 'connect' },
    every: { type: 'string', default: '200' },
    timeout: { type: 'string', default: '2000' },
    'max-ms': { type: 'string', default: '120000' },
  },
});
const print = (value) => process.stdout.write(`${JSON.stringify({ ...value, at: Date.now() })}\n`);
const socket = connect({ host: values.host, port: Number(values.port), timeout: Number(values.timeout) });

if (values.mode === 'connect') {
  socket.once('connect', () => {
    print({ connected: true });
    socket.destroy();
    process.exit(0);
  });
  const fail = (error) => {
    print({ connected: false, error });
    process.exit(1);
  };
  socket.once('timeout', () => fail('timeout'));
  socket.once('error', (error) => fail(error.code ?? error.message));
} else {
  let replies = 0;
  let timer = null;
  const end = (reason) => {
    clearInterval(timer);
    print({ closed: reason, replies });
    process.exit(0);
  };
  socket.once('connect', () => {
    socket.setTimeout(0);
    print({ connected: true });
    timer = setInterval(() => socket.write(`GET / HTTP/1.1\r\nHost: ${values.host}\r\nConnection: keep-alive\r\n\r\n`), Number(values.every));
    setTimeout(() => end('max-ms'), Number(values['max-ms']));
  });
  socket.on('data', (chunk) => {
    // One answer per `HTTP/1.1 200` in the stream.
    const count = chunk.toString('latin1').split('HTTP/1.1 200').length - 1;
    for (let i = 0; i < count; i += 1) print({ reply: (replies += 1) });
  });
  socket.once('timeout', () => end('timeout'));
  socket.once('error', (error) => end(error.code ?? error.message));
  socket.once('close', () => end('close'));
}
