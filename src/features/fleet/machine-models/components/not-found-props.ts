import { portalPaths } from '@/config/paths';

/** What the model's pages (detail and edit) say when the model does not exist or is another account's. */
export const MACHINE_MODEL_NOT_FOUND = {
  notFoundTitle: 'Modelo não encontrado',
  notFoundDescription: 'Ele pode ter sido excluído, ou o endereço está incorreto.',
  backTo: { href: portalPaths.machineModels, label: 'Voltar para Modelos de Máquinas' },
} as const;
