import type { Database, Executor } from '@ipatient/db';
import { countFacilities } from '../features/facilities/facilities.repository.ts';
import { saveSiteDocuments } from '../features/site-docs/site-docs.service.ts';
import type { Storage } from '../plugins/storage/storage.ts';
import {
  demoSiteDocuments,
  findMarker,
  insertMarker,
  lockInstallation,
} from './demo.repository.ts';
import { seedDemoCampaigns } from './demo-campaigns.ts';
import { seedDemoContent } from './demo-content.ts';
import { seedDemoFacilities } from './demo-facilities.ts';

const INSTALLATION_KEY = 'installation';
/** Recorded once the demo directory was filled, so it is never filled twice. */
const DEMO_FACILITIES_KEY = 'demo-facilities';
/** Any fixed number: only one server instance initialises a fresh database. */
const SEED_LOCK_KEY = 4_216_022;

/**
 * Runs once per database, on its first start: records the installation and, unless demo content
 * is turned off, fills the site with demo content through the same services the API uses.
 * Later starts (and other instances) see the installation record and do nothing, except that a
 * demo installation made before the facility directory existed gets the demo facilities once.
 */
export async function initialiseDatabase(
  db: Database,
  options: { seedDemo: boolean; storage: Storage; log?: (message: string) => void },
): Promise<'seeded' | 'initialised' | 'already-initialised'> {
  return db.transaction(async (tx) => {
    await lockInstallation(tx, SEED_LOCK_KEY);
    const existing = await findMarker(tx, INSTALLATION_KEY);
    if (existing) {
      const demoInstallation =
        (existing.value as { demoContent?: unknown } | null)?.demoContent === true;
      if (demoInstallation && options.seedDemo) {
        const recorded = await findMarker(tx, DEMO_FACILITIES_KEY);
        if (!recorded && (await countFacilities(tx)) === 0) {
          options.log?.('Adding the demo facility directory');
          await seedDemoFacilities(tx, options.storage);
          await recordDemoFacilities(tx);
        }
      }
      return 'already-initialised';
    }
    await insertMarker(tx, INSTALLATION_KEY, {
      installedAt: new Date().toISOString(),
      demoContent: options.seedDemo,
    });
    if (!options.seedDemo) return 'initialised';
    options.log?.('Filling the new database with demo content');
    await saveSiteDocuments(tx, demoSiteDocuments);
    await seedDemoCampaigns(tx, options.storage);
    await seedDemoContent(tx, options.storage);
    await seedDemoFacilities(tx, options.storage);
    await recordDemoFacilities(tx);
    return 'seeded';
  });
}

async function recordDemoFacilities(executor: Executor) {
  await insertMarker(executor, DEMO_FACILITIES_KEY, { seededAt: new Date().toISOString() });
}
