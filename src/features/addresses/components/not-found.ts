import { portalPaths } from '@/config/paths';

/** The not-found state of an address's pages (an unknown id, or another account's address). */
export const ADDRESS_NOT_FOUND_TITLE = 'Endereço não encontrado';
export const ADDRESS_NOT_FOUND_DESCRIPTION = 'Ele pode ter sido excluído, ou o link está incorreto.';
export const BACK_TO_ADDRESSES = { href: portalPaths.addresses, label: 'Voltar para Meus Endereços' } as const;
