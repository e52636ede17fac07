/** The demo's accounts accepted the Termos de Uso in force when they registered (routes/terms/): no banner asks them. */
import type { DemoData } from '@/seed/data';
import { TERMS_VERSION } from '@/contracts/terms';
import { termsAcceptance } from '../../main/db/terms-schema';
import { seedTable, type SeedTable } from './types';

export const termsSeed = (data: DemoData): SeedTable[] => [
  seedTable(
    termsAcceptance,
    data.assemblers.map((record) => ({ ownerUid: record.uid, termsVersion: TERMS_VERSION, acceptedAt: record.createdAt, acceptedByUid: record.uid })),
  ),
];
