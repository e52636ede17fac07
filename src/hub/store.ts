/** The last desired state the hub applied, kept in `<stateDir>/state.json` so a restart enforces it at once. */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hubDesiredStateSchema, type HubDesiredState } from '@/contracts/hub';

export const statePath = (stateDir: string) => join(stateDir, 'state.json');

/** Atomic: a temporary file renamed over the old one (mode 600: it lists every peer). */
export async function saveState(stateDir: string, state: HubDesiredState): Promise<void> {
  const path = statePath(stateDir);
  const temporary = `${path}.${process.pid}.tmp`;
  await rm(temporary, { force: true });
  await writeFile(temporary, JSON.stringify(state), { mode: 0o600, flag: 'wx' });
  await rename(temporary, path);
}

/** The saved state; null when there is none; an error (pt-BR) when it is unreadable. */
export async function loadState(path: string): Promise<HubDesiredState | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`Não foi possível ler ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${path} não é JSON válido.`);
  }
  const parsed = hubDesiredStateSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${path} não segue o contrato do estado desejado: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim());
  }
  return parsed.data;
}
