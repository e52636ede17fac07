// npm run dev: the Firebase Auth emulator (seeded) and Vite on http://localhost:5173, stopped together.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from './lib/auth-emulator.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const children = [];

const emulator = await startAuthEmulator().catch((error) => {
  console.error(`\n[demo] ${error.message}\n[demo] O app vai abrir, mas o login não funcionará até o emulador subir.\n`);
  return null;
});
if (emulator) children.push(emulator);

const vite = spawn(join(root, 'node_modules', '.bin', 'vite'), process.argv.slice(2), { cwd: root, stdio: 'inherit' });
children.push(vite);
console.log('[demo] Portal: http://localhost:5173/portal/login · Back office: http://localhost:5173/backoffice/backoffice-login · Landing: http://localhost:5173/');

let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
  setTimeout(() => process.exit(code), 1500).unref();
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
vite.on('exit', (code) => stop(code ?? 0));
emulator?.on('exit', (code) => {
  if (!stopping) console.error(`[demo] O emulador do Firebase Auth parou (código ${code}).`);
});
