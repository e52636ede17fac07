// npm run emulator: the Firebase Auth emulator with the demo accounts, until Ctrl+C.
import { startAuthEmulator } from './lib/auth-emulator.mjs';

const child = await startAuthEmulator().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
if (!child) {
  console.log('Um emulador já estava em execução; contas de demonstração conferidas.');
  process.exit(0);
}
const stop = () => child.kill('SIGINT');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => process.exit(code ?? 0));
