import { randomBytes } from 'node:crypto';
import type { Executor, StoredImageSize } from '@ipatient/db';
import sharp from 'sharp';
import {
  addUseful,
  insertFacility,
  insertReview,
} from '../features/facilities/facilities.repository.ts';
import { processImageSizes } from '../lib/images.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { Storage } from '../plugins/storage/storage.ts';
import { DEMO_FACILITIES, findUsersByEmails, insertMissingDemoUsers } from './demo.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Demo covers are small: a card and its 2x. */
const DEMO_COVER_WIDTHS = [400, 800] as const;

const PALETTES: [string, string][] = [
  ['#0b7a3e', '#7ed3a4'],
  ['#1d5fa8', '#8ec5f0'],
  ['#17707a', '#8ee0e8'],
  ['#8a3ea8', '#d7a6ee'],
];

/** A building with a red cross (shapes only, no text, so no fonts are needed). */
function facilityCoverSvg(seed: number): string {
  const [dark, light] = PALETTES[seed % PALETTES.length] as [string, string];
  const windows = Array.from({ length: 8 }, (_, i) => {
    const x = 290 + (i % 4) * 60;
    const y = 230 + Math.floor(i / 4) * 70;
    return `<rect x="${x}" y="${y}" width="36" height="40" rx="4" fill="${light}"/>`;
  }).join('');
  const hill = 330 + ((seed * 37) % 60);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
<rect width="800" height="450" fill="url(#g)"/>
<ellipse cx="${120 + ((seed * 61) % 560)}" cy="${hill + 120}" rx="320" ry="90" fill="${dark}" fill-opacity="0.25"/>
<rect x="260" y="150" width="280" height="240" rx="8" fill="#ffffff" stroke="${dark}" stroke-width="6"/>${windows}
<rect x="370" y="320" width="60" height="70" rx="4" fill="${dark}"/>
<rect x="378" y="88" width="44" height="120" rx="6" fill="#c0392b"/>
<rect x="340" y="126" width="120" height="44" rx="6" fill="#c0392b"/>
<rect x="0" y="388" width="800" height="62" fill="${dark}" fill-opacity="0.35"/>
</svg>`;
}

/** Every demo review with its facility's index, in order: one demo reviewer each. */
const DEMO_REVIEWS = DEMO_FACILITIES.flatMap((facility, index) =>
  facility.reviews.map((review) => ({ facility: index, review })),
);

/**
 * The demo directory: a dozen made-up facilities with covers, a demo reviewer for each review,
 * and approved reviews whose figures (count, total, breakdown, 'Top rated') are kept as the API
 * keeps them. Safe on a database that already has demo users: reviewers that exist are reused.
 */
export async function seedDemoFacilities(
  executor: Executor,
  storage: Storage,
  now = new Date(),
): Promise<void> {
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const emails = DEMO_REVIEWS.map((_, index) => `demo.reviewer${index + 1}@example.com`);
  await insertMissingDemoUsers(
    executor,
    DEMO_REVIEWS.map(({ facility, review }, index) => ({
      email: emails[index] as string,
      firstName: review.by[0],
      lastName: review.by[1],
      phone: `+2348150${String(index + 10_000).padStart(6, '0')}`,
      passwordHash,
      state: DEMO_FACILITIES[facility]?.state ?? null,
      lga: DEMO_FACILITIES[facility]?.lga ?? null,
      onboardedAt: now,
    })),
  );
  const found = await findUsersByEmails(executor, emails);
  const reviewerIds = emails.map((email) => {
    const id = found.find((row) => row.email === email)?.id;
    if (!id) throw new Error(`demo reviewer ${email} is missing`);
    return id;
  });

  let reviewer = 0;
  for (const [index, demo] of DEMO_FACILITIES.entries()) {
    const png = await sharp(Buffer.from(facilityCoverSvg(index + 1)))
      .png()
      .toBuffer();
    const sizes = await processImageSizes(png, DEMO_COVER_WIDTHS);
    const stored: StoredImageSize[] = [];
    for (const size of sizes) {
      const key = `facilities/demo-${index + 1}-${size.width}.webp`;
      await storage.put(key, size.body, size.contentType);
      stored.push({ width: size.width, height: size.height, key });
    }
    const total = demo.reviews.reduce((sum, review) => sum + review.rating, 0);
    const createdAt = new Date(now.getTime() - (90 + index) * DAY_MS);
    const facility = await insertFacility(executor, {
      name: demo.name,
      facilityType: demo.facilityType,
      services: demo.services,
      state: demo.state,
      lga: demo.lga,
      address: demo.address,
      image: stored.at(-1)?.key ?? null,
      imageSizes: stored,
      verified: demo.verified,
      reviewCount: demo.reviews.length,
      ratingTotal: total,
      createdAt,
      updatedAt: createdAt,
    });
    if (demo.reviews.length === 0) continue;

    const authors = demo.reviews.map(() => reviewerIds[reviewer++] as string);
    const reviews = [];
    for (const [position, review] of demo.reviews.entries()) {
      const publishedAt = new Date(now.getTime() - (3 + index * 2 + position * 5) * DAY_MS);
      const written = new Date(publishedAt.getTime() - DAY_MS);
      reviews.push(
        await insertReview(executor, {
          facilityId: facility.id,
          userId: authors[position] as string,
          rating: review.rating,
          title: review.title,
          content: review.content,
          status: 'approved',
          verified: (index + position) % 3 === 0,
          moderatedAt: publishedAt,
          publishedAt,
          createdAt: written,
          updatedAt: publishedAt,
        }),
      );
    }

    // A few 'useful' marks from the facility's other reviewers, counted as the API counts them.
    for (const [position, review] of reviews.entries()) {
      const markers = authors
        .filter((id) => id !== review.userId)
        .slice(0, (index + position * 2) % 4);
      for (const userId of markers) await addUseful(executor, review.id, userId);
    }
  }
}
