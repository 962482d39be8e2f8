import type { AppServices } from '../../platform/services.ts';

/** Demo data of outsourced labour (docs/outsourcing.md). */
export async function seedDemoOutsourcing(_s: AppServices): Promise<void> {}
