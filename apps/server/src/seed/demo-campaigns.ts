import { randomBytes } from 'node:crypto';
import { findBank, nubanCheckDigitMatches } from '@ipatient/contracts';
import type { CampaignCategory } from '@ipatient/contracts/campaigns';
import type { Executor, StoredImageSize } from '@ipatient/db';
import sharp from 'sharp';
import { insertCampaign } from '../features/campaigns/campaigns.repository.ts';
import { CAMPAIGN_IMAGE_WIDTHS } from '../features/campaigns/campaigns.service.ts';
import { processImageSizes } from '../lib/images.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { Storage } from '../plugins/storage/storage.ts';
import {
  DEMO_CAMPAIGNS,
  DEMO_SUPPORTERS,
  insertDatedCampaignLikes,
  insertDemoUsers,
} from './demo.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Category colours of the generated covers. */
const PALETTES: Record<CampaignCategory, [string, string]> = {
  'Hospital Bill Support': ['#0b7a3e', '#7ed3a4'],
  'Medication/Drug Expenses': ['#1d5fa8', '#8ec5f0'],
  'Emergency Treatment/Surgery': ['#a8321d', '#f2a58e'],
};

/** A simple illustrated cover (shapes only, no text, so no fonts are needed). */
function coverSvg(category: CampaignCategory, seed: number): string {
  const [dark, light] = PALETTES[category];
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = (seed * 97 + i * 211) % 1200;
    const y = (seed * 53 + i * 137) % 675;
    const r = 40 + ((seed + i * 29) % 90);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="0.12"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="1200" height="675" fill="url(#g)"/>${circles}
<path d="M600 520 C 420 400 360 300 420 230 C 470 170 560 180 600 250 C 640 180 730 170 780 230 C 840 300 780 400 600 520 Z" fill="#ffffff" fill-opacity="0.92"/>
<polyline points="450,330 540,330 570,280 610,390 640,310 750,310" fill="none" stroke="${dark}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;
}

/** A valid-looking NUBAN for the bank (the CBN check digit matches). */
function demoAccountNumber(bankCode: string, index: number): string {
  const serial = String(304_117_020 + index * 7_919).padStart(9, '0');
  for (let digit = 0; digit <= 9; digit++) {
    const candidate = `${serial}${digit}`;
    if (nubanCheckDigitMatches(bankCode, candidate)) return candidate;
  }
  return `${serial}0`;
}

/** Fixed pseudo-random numbers, so every fresh install looks the same. */
function* sequence(seed: number): Generator<number> {
  let state = seed;
  for (;;) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    yield state / 2_147_483_648;
  }
}

/**
 * Demo organisers, supporters, a dozen live campaigns with covers, and likes spread over the
 * last three weeks (so a past week has a winner). The demo accounts get an unknown random
 * password: nobody can sign in as them.
 */
export async function seedDemoCampaigns(
  executor: Executor,
  storage: Storage,
  now = new Date(),
): Promise<void> {
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const organisers = await insertDemoUsers(
    executor,
    DEMO_CAMPAIGNS.map((campaign, index) => ({
      email: `demo.organiser${index + 1}@example.com`,
      firstName: campaign.organiser[0],
      lastName: campaign.organiser[1],
      phone: `+23480300000${String(index + 10).padStart(2, '0')}`,
      passwordHash,
      state: campaign.state,
      lga: campaign.lga,
      onboardedAt: now,
    })),
  );
  const supporters = await insertDemoUsers(
    executor,
    DEMO_SUPPORTERS.map(([firstName, lastName], index) => ({
      email: `demo.supporter${index + 1}@example.com`,
      firstName,
      lastName,
      phone: `+23481300000${String(index + 10).padStart(2, '0')}`,
      // Verified before any of their dated likes, so those count for the weekly winners.
      phoneVerifiedAt: new Date(now.getTime() - 365 * 24 * 60 * 60 * 1000),
      passwordHash,
    })),
  );

  const random = sequence(2025);
  for (const [index, demo] of DEMO_CAMPAIGNS.entries()) {
    const organiser = organisers[index];
    const bank = findBank(demo.bankCode);
    if (!organiser || !bank) throw new Error(`demo campaign ${index} is incomplete`);
    const png = await sharp(Buffer.from(coverSvg(demo.category, index + 1)))
      .png()
      .toBuffer();
    const sizes = await processImageSizes(png, CAMPAIGN_IMAGE_WIDTHS);
    const stored: StoredImageSize[] = [];
    for (const size of sizes) {
      const key = `campaigns/demo-${index + 1}-${size.width}.webp`;
      await storage.put(key, size.body, size.contentType);
      stored.push({ width: size.width, height: size.height, key });
    }
    const approvedAt = new Date(now.getTime() - demo.approvedDaysAgo * DAY_MS);
    const createdAt = new Date(approvedAt.getTime() - DAY_MS);
    const row = await insertCampaign(executor, {
      userId: organiser.id,
      title: demo.title,
      description: demo.description,
      fundraisingFor: demo.fundraisingFor,
      category: demo.category,
      duration: demo.duration,
      amountNeeded: demo.amountNeeded,
      state: demo.state,
      lga: demo.lga,
      address: demo.address,
      bankCode: demo.bankCode,
      bankName: bank.name,
      accountNumber: demoAccountNumber(demo.bankCode, index),
      accountName: `${demo.organiser[1]} ${demo.organiser[0]}`.toUpperCase(),
      bankLookupProvider: 'sandbox',
      beneficiaryType: demo.beneficiary ? 'someone else' : 'yourself',
      beneficiaryFirstName: demo.beneficiary?.[0] ?? demo.organiser[0],
      beneficiaryLastName: demo.beneficiary?.[1] ?? demo.organiser[1],
      // A campaign for someone else carries their agreement (a parent's for a child).
      ...(demo.beneficiary
        ? {
            beneficiaryConsent: demo.child ? ('guardian' as const) : ('beneficiary' as const),
            beneficiaryConsentName: (demo.child ? demo.organiser : demo.beneficiary).join(' '),
            beneficiaryConsentAt: createdAt,
          }
        : {}),
      image: stored.at(-1)?.key ?? null,
      imageSizes: stored,
      status: 'active',
      submittedAt: createdAt,
      approvedAt,
      reviewedAt: approvedAt,
      createdAt,
      updatedAt: approvedAt,
    });
    const likes = supporters.slice(0, demo.likes).map((supporter) => {
      const since = now.getTime() - approvedAt.getTime();
      const at = approvedAt.getTime() + Math.floor((random.next().value ?? 0.5) * since);
      return { campaignId: row.id, userId: supporter.id, createdAt: new Date(at) };
    });
    await insertDatedCampaignLikes(executor, likes);
  }
}
