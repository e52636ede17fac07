/** Every resource's seed rows, in the order they are inserted (one line per resource module). */
import type { SeedSource } from './types';

export const SEED_SOURCES: SeedSource[] = [];
