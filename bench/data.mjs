// `npm run bench:data`: a database at the volume the benchmarks need. Starts the production
// server once on BENCH_DATA_DIR (default `.data-bench/`) with the demo content (migrations,
// demo images), stops it, then fills through pg with set-based SQL: 10,000 users, 100,000
// campaigns (90 % live), 1,000,000 likes, 5,000 blog posts with 100,000 comments, 2,000
// facilities with 50,000 reviews and 20,000 complaints, keeping every constraint and the counts
// the app keeps (likes_count, comments_count, review_count / rating_total, complaint deadlines).
// BENCH_SCALE (e.g. 0.05) shrinks everything for a quick try. Figures: bench/results/data.*.
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/server/src/config.ts';
import { startDatabase } from '../apps/server/src/database.ts';
import {
  complaintCategories,
  complaintReferenceAlphabet,
} from '../packages/contracts/src/advocacy-rules.ts';
import {
  campaignCategories,
  campaignDurations,
  limits,
} from '../packages/contracts/src/constants.ts';
import { addWorkingDays, lagosDay } from '../packages/contracts/src/working-days.ts';
import { isAlive, runFacts, startServer } from './load.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const benchDataDir = path.resolve(root, process.env.BENCH_DATA_DIR ?? '.data-bench');

/** Only to try the script quickly (e.g. 0.05); the figures are meant for scale 1. */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const n = (count) => Math.max(1, Math.round(count * SCALE));
const USERS = n(10_000);
const CAMPAIGNS = n(100_000);
const LIKES = n(1_000_000);
const POSTS = n(5_000);
const COMMENTS = n(100_000);
const FACILITIES = n(2_000);
const REVIEWS = n(50_000);
const COMPLAINTS = n(20_000);
/** Every bench user's e-mail starts with this: the API bench signs them in by it. */
export const BENCH_EMAIL_PREFIX = 'bench-user-';

const log = (message) => console.log(`[bench:data] ${message}`);
const seconds = (ms) => Number((ms / 1000).toFixed(1));
const _git = (...args) => {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};

const firstNames = [
  'Adaeze',
  'Chinedu',
  'Ngozi',
  'Emeka',
  'Funmilayo',
  'Tunde',
  'Aisha',
  'Musa',
  'Ifeoma',
  'Oluwaseun',
  'Bola',
  'Kemi',
  'Ibrahim',
  'Zainab',
  'Uche',
  'Chioma',
  'Yusuf',
  'Halima',
  'Segun',
  'Amaka',
  'Obinna',
  'Fatima',
  'Kelechi',
  'Temitope',
  'Nneka',
  'Babatunde',
  'Hauwa',
  'Ikenna',
  'Folake',
  'Sani',
];
const lastNames = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ogunleye',
  'Abubakar',
  'Nwosu',
  'Balogun',
  'Okonkwo',
  'Lawal',
  'Olawale',
  'Mohammed',
  'Chukwu',
  'Afolabi',
  'Danjuma',
  'Obi',
  'Adebayo',
  'Umar',
  'Nnamdi',
  'Ojo',
];
/** Six of nineteen mention surgery; the rare word comes from a separate 0.3 % draw. */
const conditions = [
  'heart surgery',
  'a kidney transplant',
  'sickle cell crisis care',
  'breast cancer treatment',
  'spinal surgery',
  'leukaemia treatment',
  'brain tumour surgery',
  'dialysis sessions',
  'a liver transplant',
  'hip replacement surgery',
  'burns treatment',
  'cleft lip repair',
  'cervical cancer treatment',
  'prostate cancer treatment',
  'stroke rehabilitation',
  'open heart surgery',
  'lupus treatment',
  'fibroid surgery',
  'kidney stone removal',
];
const relations = [
  'myself',
  'my son',
  'my daughter',
  'my mother',
  'my father',
  'my wife',
  'my husband',
  'my brother',
  'my sister',
  'my friend',
  'my grandmother',
  'a neighbour',
];
const hospitals = [
  'Lagos University Teaching Hospital',
  'National Hospital Abuja',
  'University College Hospital Ibadan',
  'Aminu Kano Teaching Hospital',
  'University of Nigeria Teaching Hospital Enugu',
  'Federal Medical Centre Owerri',
  'Ahmadu Bello University Teaching Hospital Zaria',
  'Obafemi Awolowo University Teaching Hospital',
  'Jos University Teaching Hospital',
  'University of Benin Teaching Hospital',
];
const hardships = [
  'hospital visits',
  'lost income',
  'borrowing from relatives',
  'selling our shop',
  'paying for drugs',
  'travelling for tests',
];
const streets = [
  'Allen Avenue',
  'Awolowo Road',
  'Ahmadu Bello Way',
  'Ogui Road',
  'Murtala Mohammed Way',
];
const categories = [...campaignCategories];
const durations = [...campaignDurations];

function referenceData() {
  const read = (file) =>
    JSON.parse(fs.readFileSync(path.join(root, 'packages/contracts/src/data', file), 'utf8'));
  const pairs = read('ng-states.json').flatMap((state) =>
    state.lgas.map((lga) => ({ state: state.name, lga })),
  );
  const banks = read('ng-banks.json');
  return {
    states: pairs.map((pair) => pair.state),
    lgas: pairs.map((pair) => pair.lga),
    bankNames: banks.map((bank) => bank.name),
    bankCodes: banks.map((bank) => bank.code),
  };
}

/** Runs one statement and reports how long it took. */
async function timed(client, steps, name, text, values) {
  const t0 = performance.now();
  const result = await client.query(text, values);
  const ms = performance.now() - t0;
  steps.push({ step: name, seconds: seconds(ms), rows: result.rowCount ?? null });
  log(`  ${name}: ${seconds(ms)} s${result.rowCount != null ? ` (${result.rowCount} rows)` : ''}`);
  return result;
}

/** pick(array, r): one element of a text[] parameter for a random number r in [0, 1). */
const pick = (param, r) =>
  `(${param}::text[])[1 + floor(${r} * cardinality(${param}::text[]))::int]`;

const blogTopics = [
  'sickle cell disease',
  'high blood pressure',
  'diabetes',
  'malaria in pregnancy',
  'kidney disease',
  'breast cancer',
  'depression',
  'asthma',
  'hepatitis B',
  'tuberculosis',
  'glaucoma',
  'prostate health',
];
const blogAngles = [
  'what your doctor wants you to know',
  'questions to ask at your next visit',
  'paying for treatment without going broke',
  'your rights as a patient',
  'a caregiver’s guide',
  'myths and facts',
  'eating well on a budget',
  'when to go to the emergency room',
];
const commentPhrases = [
  'Thank you for this article, it answered questions I was afraid to ask my doctor.',
  'My mother went through the same thing at our general hospital. Sharing with my family.',
  'Please write more about the cost of drugs in public hospitals.',
  'This is very helpful. God bless the team.',
  'Is there a support group in Abuja for this?',
  'I did not know we could ask for our records. Thank you.',
  'Very clear and simple. I will print it for my father.',
  'We need more of this information in Hausa and Yoruba too.',
];
const replyPhrases = [
  'Same here, thank you for sharing.',
  'There is one at the National Hospital, ask at the patient desk.',
  'Please send me the details, I am interested.',
  'I agree with you completely.',
];
const facilityKinds = [
  'General Hospital',
  'Specialist Hospital',
  'Medical Centre',
  'Family Clinic',
  'Diagnostic Centre',
  'Maternity Home',
  'Eye Clinic',
  'Dental Clinic',
];
const reviewTexts = [
  'The nurses were kind and the doctor explained everything. We waited about an hour.',
  'Clean wards, but the pharmacy ran out of the drugs we needed and we had to buy outside.',
  'Very long queue at the records office. Once we saw the doctor it was quick and professional.',
  'They asked for a deposit before treating my father in the emergency room. Not acceptable.',
  'Good laboratory, results ready the same day and the price was fair.',
  'The consultant was excellent. Parking is a problem and the toilets need attention.',
];
const complaintTexts = [
  'I was asked to pay for drugs that should have been free under my health insurance plan.',
  'The bill included tests that were never done. The accounts office refused to explain the charges.',
  'My wife waited six hours in labour before a doctor saw her. Nobody told us why.',
  'The hospital refused to release my medical records when I asked for them.',
  'A nurse shouted at my mother and refused to change her dressing.',
];

/** The demo content's images, reused for the generated posts, campaigns and facilities. */
async function demoImages(client) {
  const rows = async (sql) => (await client.query(sql)).rows;
  const pairs = (list, key, sizes) => ({
    keys: list.map((row) => row[key]),
    sizes: list.map((row) => row[sizes]),
  });
  return {
    campaigns: pairs(
      await rows(
        "SELECT image, image_sizes::text AS sizes FROM campaigns WHERE image IS NOT NULL AND image_sizes <> '[]'::jsonb",
      ),
      'image',
      'sizes',
    ),
    posts: pairs(
      await rows(
        "SELECT title_image, title_image_sizes::text AS sizes FROM blog_posts WHERE title_image IS NOT NULL AND title_image_sizes <> '[]'::jsonb",
      ),
      'title_image',
      'sizes',
    ),
    facilities: pairs(
      await rows(
        "SELECT image, image_sizes::text AS sizes FROM facilities WHERE image IS NOT NULL AND image_sizes <> '[]'::jsonb",
      ),
      'image',
      'sizes',
    ),
  };
}

/** `count` complaint references IPC-YYMM-XXXXXX, unique, for the Lagos month of each date. */
function complaintRows(count) {
  const taken = new Set();
  const statuses = ['submitted', 'acknowledged', 'under_review', 'resolved', 'closed'];
  const weights = [0.3, 0.2, 0.2, 0.2, 0.1];
  const rows = {
    reference: [],
    userIndex: [],
    category: [],
    text: [],
    status: [],
    submitted: [],
    ackDue: [],
    responseDue: [],
    acknowledged: [],
    responded: [],
    updated: [],
  };
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  // Deterministic spread: complaint i is i/count of the way through the last 180 days.
  for (let i = 0; i < count; i++) {
    const submitted = new Date(now - day * 180 * (1 - i / count) - randomInt(3600) * 1000);
    const { year, month } = lagosDay(submitted);
    const yymm = `${String(year % 100).padStart(2, '0')}${String(month).padStart(2, '0')}`;
    let reference;
    do {
      let suffix = '';
      for (let k = 0; k < 6; k++) {
        suffix += complaintReferenceAlphabet[randomInt(complaintReferenceAlphabet.length)];
      }
      reference = `IPC-${yymm}-${suffix}`;
    } while (taken.has(reference));
    taken.add(reference);
    let r = (i * 0.6180339887) % 1;
    let status = statuses[statuses.length - 1];
    for (let k = 0; k < weights.length; k++) {
      if (r < weights[k]) {
        status = statuses[k];
        break;
      }
      r -= weights[k];
    }
    const ackDue = addWorkingDays(submitted, limits.acknowledgementWorkingDays);
    const responseDue = addWorkingDays(submitted, limits.responseWorkingDays);
    // Acknowledged within the deadline (or a little after for one in ten), never in the future.
    const acknowledged =
      status === 'submitted'
        ? null
        : new Date(
            Math.min(
              now - 60_000,
              submitted.getTime() + (((i % 10) + 1) / 9) * (ackDue - submitted) * 0.9,
            ),
          );
    const responded =
      status === 'resolved' || status === 'closed'
        ? new Date(Math.min(now - 30_000, acknowledged.getTime() + ((i % 7) + 1) * 2 * day))
        : null;
    rows.reference.push(reference);
    rows.userIndex.push(1 + ((i * 7907) % USERS));
    rows.category.push(complaintCategories[i % complaintCategories.length]);
    rows.text.push(complaintTexts[i % complaintTexts.length]);
    rows.status.push(status);
    rows.submitted.push(submitted.toISOString());
    rows.ackDue.push(ackDue.toISOString());
    rows.responseDue.push(responseDue.toISOString());
    rows.acknowledged.push(acknowledged?.toISOString() ?? null);
    rows.responded.push(responded?.toISOString() ?? null);
    rows.updated.push((responded ?? acknowledged ?? submitted).toISOString());
  }
  return rows;
}

async function fill(client) {
  const ref = referenceData();
  const images = await demoImages(client);
  log(
    `demo images reused: ${images.campaigns.keys.length} campaign, ${images.posts.keys.length} post, ${images.facilities.keys.length} facility`,
  );
  const steps = [];
  // Same data on every run: random() follows the seed within this session.
  await client.query('SELECT setseed(0.42)');
  await client.query("SET synchronous_commit = off; SET work_mem = '64MB'");
  const benchUsers = `u AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE email LIKE '${BENCH_EMAIL_PREFIX}%')`;

  await timed(
    client,
    steps,
    'users',
    // Seven members in ten gave their details when they personalized (age, gender, address,
    // state and LGA, as the account page shows them); the others skipped it.
    `INSERT INTO users (email, first_name, last_name, phone, password_hash, created_at, updated_at, password_changed_at,
                        age, gender, address, state, lga)
     SELECT '${BENCH_EMAIL_PREFIX}' || g || '@example.ng', ${pick('$2', 'random()')}, ${pick('$3', 'random()')},
            '+234803' || lpad(g::text, 7, '0'),
            '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0$not-a-real-hash-only-for-the-benchmark',
            t, t, t,
            CASE WHEN personal THEN 18 + g % 60 END,
            CASE WHEN personal THEN (ARRAY['female', 'male', 'other', 'prefer-not-to-say'])[1 + g % 4] END,
            CASE WHEN personal THEN (1 + g % 200) || ' Hospital Road, ' || ($5::text[])[place] END,
            CASE WHEN personal THEN ($4::text[])[place] END,
            CASE WHEN personal THEN ($5::text[])[place] END
     FROM (SELECT g, now() - interval '1 day' - random() * interval '365 days' AS t,
                  random() < 0.7 AS personal,
                  1 + floor(random() * cardinality($5::text[]))::int AS place
           FROM generate_series(1, $1::int) g OFFSET 0) s`,
    [USERS, firstNames, lastNames, ref.states, ref.lgas],
  );

  // Per-row random numbers drawn once in the inner query (OFFSET 0 keeps it from being
  // flattened, so every column sees the same draw).
  await timed(
    client,
    steps,
    'campaigns',
    `WITH ${benchUsers}
     INSERT INTO campaigns (
       user_id, title, description, fundraising_for, category, duration, amount_needed,
       amount_raised, state, lga, address, bank_code, bank_name, account_number, account_name,
       bank_lookup_provider, beneficiary_type, beneficiary_first_name, beneficiary_last_name,
       image, image_sizes, status, rejection_reason, submitted_at, approved_at, reviewed_at,
       completed_at, created_at, updated_at)
     SELECT
       u.ids[1 + (s.g * 7919) % cardinality(u.ids)],
       'Help ' || s.fn || ' ' || s.ln || ' get ' || s.cond,
       'We are raising funds for ' || s.rel || ', ' || s.fn || '. The doctors at ' || s.hospital ||
         ' say ' || s.cond || ' is needed urgently. The total cost is beyond what our family can pay after months of ' ||
         s.hardship || '. Every contribution, however small, brings us closer. Thank you and God bless.',
       s.rel,
       ${pick('$4', 's.r1')},
       ${pick('$5', 's.r2')},
       s.needed,
       floor(s.needed * s.r3 * 0.6)::bigint,
       ($6::text[])[s.place], ($7::text[])[s.place],
       (1 + s.g % 200) || ' ' || ${pick('$8', 's.r4')} || ', ' || ($7::text[])[s.place],
       ($9::text[])[s.bank], ($10::text[])[s.bank],
       lpad(((s.g::bigint * 104729) % 10000000000)::text, 10, '0'),
       upper(s.fn || ' ' || s.ln),
       'sandbox',
       (ARRAY['yourself', 'someone else', 'charity'])[1 + s.g % 3],
       s.fn, s.ln,
       ($15::text[])[s.img], coalesce(($16::text[])[s.img]::jsonb, '[]'::jsonb),
       s.status,
       CASE WHEN s.status = 'rejected' THEN 'The medical documents could not be verified.' END,
       s.submitted,
       s.approved,
       CASE WHEN s.status <> 'awaiting_review' THEN coalesce(s.approved, s.submitted + interval '1 day') END,
       CASE WHEN s.status = 'completed' THEN s.approved + interval '60 days' END,
       s.submitted, coalesce(s.approved, s.submitted)
     FROM (
       SELECT g.g, g.status, g.approved,
              coalesce(g.approved, now() - interval '1 hour' - random() * interval '90 days')
                - interval '1 hour' - random() * interval '3 days' AS submitted,
              ${pick('$2', 'random()')} AS fn, ${pick('$3', 'random()')} AS ln,
              CASE WHEN random() < 0.003 THEN 'hydrocephalus shunt surgery'
                   ELSE ${pick('$11', 'random()')} END AS cond,
              ${pick('$12', 'random()')} AS rel, ${pick('$13', 'random()')} AS hospital,
              ${pick('$14', 'random()')} AS hardship,
              ((50 + floor(random() * 4950)) * 1000)::bigint AS needed,
              1 + floor(random() * cardinality($6::text[]))::int AS place,
              1 + floor(random() * cardinality($9::text[]))::int AS bank,
              1 + floor(random() * cardinality($15::text[]))::int AS img,
              random() AS r1, random() AS r2, random() AS r3, random() AS r4
       FROM (
         SELECT g, status,
                CASE WHEN status = 'active' THEN now() - random() * interval '90 days'
                     WHEN status = 'completed' THEN now() - interval '90 days' - random() * interval '90 days'
                END AS approved
         FROM (
           SELECT g, CASE WHEN g % 100 < 90 THEN 'active'
                          WHEN g % 100 < 95 THEN 'awaiting_review'
                          WHEN g % 100 < 98 THEN 'rejected'
                          ELSE 'completed' END AS status
           FROM generate_series(1, $1::int) g
         ) g0 OFFSET 0
       ) g OFFSET 0
     ) s, u`,
    [
      CAMPAIGNS,
      firstNames,
      lastNames,
      categories,
      durations,
      ref.states,
      ref.lgas,
      streets,
      ref.bankCodes,
      ref.bankNames,
      conditions,
      relations,
      hospitals,
      hardships,
      images.campaigns.keys,
      images.campaigns.sizes,
    ],
  );

  // Likes: a campaign drawn with density ~ 1/sqrt(rank) (a few get thousands, most a handful),
  // a uniform user, a time in the last 8 weeks and not before the approval.
  const likesSql = `
    WITH a AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(approved_at ORDER BY id) AS approved
               FROM campaigns WHERE status = 'active' AND deleted_at IS NULL),
         ${benchUsers}
    INSERT INTO campaign_likes (campaign_id, user_id, created_at)
    SELECT a.ids[s.i], u.ids[1 + floor(random() * cardinality(u.ids))::int],
           now() - random() * least(now() - a.approved[s.i], interval '56 days')
    FROM (SELECT 1 + floor(power(random(), 2) * (SELECT cardinality(ids) FROM a))::int AS i
          FROM generate_series(1, $1::int) OFFSET 0) s, a, u
    ON CONFLICT DO NOTHING`;
  const likesBefore = (await client.query('SELECT count(*)::int AS n FROM campaign_likes')).rows[0]
    .n;
  let likes = 0;
  let draws = Math.round(LIKES * 1.03);
  for (let round = 1; likes < LIKES && round <= 10; round++) {
    await timed(client, steps, `campaign_likes (round ${round}, ${draws} draws)`, likesSql, [
      draws,
    ]);
    likes =
      (await client.query('SELECT count(*)::int AS n FROM campaign_likes')).rows[0].n - likesBefore;
    draws = Math.round((LIKES - likes) * 1.2) + 1000;
  }
  if (likes < LIKES) throw new Error(`only ${likes} likes after 10 rounds`);

  await timed(
    client,
    steps,
    'campaign_like_counts from the real counts',
    `UPDATE campaign_like_counts k SET likes_count = l.n
     FROM (SELECT campaign_id, count(*)::int AS n FROM campaign_likes GROUP BY campaign_id) l
     WHERE k.campaign_id = l.campaign_id AND k.likes_count <> l.n`,
  );

  // Blog: posts under the demo categories and authors, 95 % published.
  await timed(
    client,
    steps,
    'blog_posts',
    `WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM blog_categories),
          a AS (SELECT array_agg(id ORDER BY id) AS ids FROM blog_authors)
     INSERT INTO blog_posts (title, url_slug, category_id, author_id, content, content_text, excerpt,
       status, title_image, title_image_sizes, published_at, created_at, updated_at)
     SELECT initcap(s.topic) || ': ' || s.angle || ' (' || s.g || ')',
            '/bench-post-' || s.g,
            c.ids[1 + floor(s.r1 * cardinality(c.ids))::int],
            a.ids[1 + floor(s.r2 * cardinality(a.ids))::int],
            '<p>' || s.body || '</p><p>' || s.body2 || '</p>',
            s.body || ' ' || s.body2,
            left(s.body, 157) || '…',
            s.status,
            ($5::text[])[s.img], coalesce(($6::text[])[s.img]::jsonb, '[]'::jsonb),
            CASE WHEN s.status = 'published' THEN s.t END, s.t - interval '2 hours', s.t
     FROM (
       SELECT g, ${pick('$2', 'random()')} AS topic, ${pick('$3', 'random()')} AS angle,
              CASE WHEN g % 20 = 0 THEN 'draft' ELSE 'published' END AS status,
              now() - interval '1 day' - random() * interval '730 days' AS t,
              random() AS r1, random() AS r2,
              1 + floor(random() * cardinality($5::text[]))::int AS img,
              'Many patients across Nigeria live with this condition for years before anyone explains it to them. ' ||
                'In this article our health writers speak with doctors at teaching hospitals and with patients who have been there, ' ||
                'about the tests that matter, the treatments that work and what they cost.' AS body,
              ${pick('$4', 'random()')} || ' Talk to your doctor before you change any treatment, and keep copies of your records.' AS body2
       FROM generate_series(1, $1::int) g OFFSET 0
     ) s, c, a`,
    [POSTS, blogTopics, blogAngles, commentPhrases, images.posts.keys, images.posts.sizes],
  );

  // Comments on published bench posts, a few posts getting many; a tenth of them are replies.
  const replies = Math.round(COMMENTS * 0.1);
  await timed(
    client,
    steps,
    'blog_comments (top level)',
    `WITH p AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(published_at ORDER BY id) AS published
                FROM blog_posts WHERE url_slug LIKE '/bench-post-%' AND status = 'published'),
          ${benchUsers}
     INSERT INTO blog_comments (post_id, user_id, comment, created_at)
     SELECT p.ids[s.i], u.ids[1 + floor(s.r * cardinality(u.ids))::int], ${pick('$2', 's.r2')},
            p.published[s.i] + s.r3 * (now() - p.published[s.i])
     FROM (SELECT 1 + floor(power(random(), 2) * (SELECT cardinality(ids) FROM p))::int AS i,
                  random() AS r, random() AS r2, random() AS r3
           FROM generate_series(1, $1::int) OFFSET 0) s, p, u`,
    [COMMENTS - replies, commentPhrases],
  );
  await timed(
    client,
    steps,
    'blog_comments (replies)',
    `WITH ${benchUsers}
     INSERT INTO blog_comments (post_id, user_id, parent_id, comment, created_at)
     SELECT c.post_id, u.ids[1 + floor(random() * cardinality(u.ids))::int], c.id,
            ${pick('$2', 'random()')}, c.created_at + random() * (now() - c.created_at)
     FROM (SELECT bc.id, bc.post_id, bc.created_at FROM blog_comments bc
           JOIN blog_posts bp ON bp.id = bc.post_id AND bp.url_slug LIKE '/bench-post-%'
           ORDER BY random() LIMIT $1::int) c, u`,
    [replies, replyPhrases],
  );
  await timed(
    client,
    steps,
    'blog_posts.comments_count from the real counts',
    `UPDATE blog_posts p SET comments_count = coalesce(c.n, 0)
     FROM blog_posts p2 LEFT JOIN (SELECT post_id, count(*)::int AS n FROM blog_comments GROUP BY post_id) c
       ON c.post_id = p2.id
     WHERE p.id = p2.id AND p.comments_count <> coalesce(c.n, 0)`,
  );

  // Facilities: the demo facility types and services, every state.
  const demoFacilities = (
    await client.query(
      'SELECT facility_type, array_to_string(services, chr(31)) AS services FROM facilities',
    )
  ).rows;
  await timed(
    client,
    steps,
    'facilities',
    `INSERT INTO facilities (name, facility_type, services, state, lga, address, image, image_sizes,
       verified, created_at, updated_at)
     SELECT ($6::text[])[s.place] || ' ' || ${pick('$4', 's.r1')} || ' ' || s.g,
            ($2::text[])[s.kind], string_to_array(($3::text[])[s.kind], chr(31)),
            ($5::text[])[s.place], ($6::text[])[s.place],
            (1 + s.g % 120) || ' Hospital Road, ' || ($6::text[])[s.place],
            ($7::text[])[s.img], coalesce(($8::text[])[s.img]::jsonb, '[]'::jsonb),
            s.g % 3 = 0, s.t, s.t
     FROM (SELECT g, random() AS r1,
                  1 + floor(random() * cardinality($2::text[]))::int AS kind,
                  1 + floor(random() * cardinality($5::text[]))::int AS place,
                  1 + floor(random() * cardinality($7::text[]))::int AS img,
                  now() - interval '30 days' - random() * interval '700 days' AS t
           FROM generate_series(1, $1::int) g OFFSET 0) s`,
    [
      FACILITIES,
      demoFacilities.map((row) => row.facility_type),
      demoFacilities.map((row) => row.services),
      facilityKinds,
      ref.states,
      ref.lgas,
      images.facilities.keys,
      images.facilities.sizes,
    ],
  );

  // Reviews: facility g mod F by the bench user (g div F) * 397 + f * 13 mod U, so no user
  // reviews a facility twice (397 is prime to the user count at every scale we use).
  await timed(
    client,
    steps,
    'facility_reviews',
    `WITH f AS (SELECT array_agg(id ORDER BY created_at, id) AS ids, array_agg(created_at ORDER BY created_at, id) AS created
                FROM facilities),
          ${benchUsers}
     INSERT INTO facility_reviews (facility_id, user_id, rating, title, content, status,
       rejection_reason, moderated_at, published_at, created_at, updated_at)
     SELECT f.ids[s.fi], u.ids[1 + (s.k * 397 + s.fi * 13) % cardinality(u.ids)],
            CASE WHEN s.r < 0.05 THEN 1 WHEN s.r < 0.12 THEN 2 WHEN s.r < 0.3 THEN 3
                 WHEN s.r < 0.65 THEN 4 ELSE 5 END,
            (ARRAY['Good care', 'Long wait', 'Helpful staff', 'Could be better', ''])[1 + s.g % 5],
            ${pick('$2', 's.r2')},
            s.status,
            CASE WHEN s.status = 'rejected' THEN 'The review names a member of staff.' END,
            CASE WHEN s.status <> 'pending' THEN s.t + interval '1 day' END,
            CASE WHEN s.status = 'approved' THEN s.t + interval '1 day' END,
            s.t, s.t + CASE WHEN s.status <> 'pending' THEN interval '1 day' ELSE interval '0' END
     FROM (SELECT g, 1 + g % cardinality(f.ids) AS fi, g / cardinality(f.ids) AS k,
                  random() AS r, random() AS r2,
                  CASE WHEN g % 10 < 8 THEN 'approved' WHEN g % 10 = 8 THEN 'pending' ELSE 'rejected' END AS status,
                  greatest(f.created[1 + g % cardinality(f.ids)], now() - interval '400 days')
                    + random() * (now() - interval '2 days' - greatest(f.created[1 + g % cardinality(f.ids)], now() - interval '400 days')) AS t
           FROM generate_series(0, $1::int - 1) g, f OFFSET 0) s, f, u
     ON CONFLICT ON CONSTRAINT facility_reviews_one_per_user DO NOTHING`,
    [REVIEWS, reviewTexts],
  );
  await timed(
    client,
    steps,
    'facilities.review_count / rating_total from approved reviews',
    `UPDATE facilities f SET review_count = coalesce(r.n, 0), rating_total = coalesce(r.total, 0)
     FROM facilities f2 LEFT JOIN (SELECT facility_id, count(*)::int AS n, sum(rating)::int AS total
                                   FROM facility_reviews WHERE status = 'approved' GROUP BY facility_id) r
       ON r.facility_id = f2.id
     WHERE f.id = f2.id`,
  );

  // Complaints: references and working-day deadlines made by the app's own rules.
  const complaints = complaintRows(COMPLAINTS);
  await timed(
    client,
    steps,
    'complaints',
    `WITH ${benchUsers}
     INSERT INTO complaints (reference, user_id, hospital_name, hospital_address, category, complaints,
       status, submitted_at, acknowledgement_due_at, response_due_at, acknowledged_at, responded_at,
       created_at, updated_at)
     SELECT c.reference, u.ids[1 + (c.ui - 1) % cardinality(u.ids)], ($12::text[])[1 + c.ui % cardinality($12::text[])],
            'Patient records office, ' || ($13::text[])[1 + c.ui % cardinality($13::text[])],
            c.category, c.body, c.status, c.submitted, c.ack_due, c.response_due, c.acknowledged,
            c.responded, c.submitted, c.updated
     FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::timestamptz[],
                 $7::timestamptz[], $8::timestamptz[], $9::timestamptz[], $10::timestamptz[], $11::timestamptz[])
          AS c(reference, ui, category, body, status, submitted, ack_due, response_due, acknowledged, responded, updated),
          u`,
    [
      complaints.reference,
      complaints.userIndex,
      complaints.category,
      complaints.text,
      complaints.status,
      complaints.submitted,
      complaints.ackDue,
      complaints.responseDue,
      complaints.acknowledged,
      complaints.responded,
      complaints.updated,
      hospitals,
      ref.states,
    ],
  );
  // Each complaint's history: the submission, then its current status (when it moved on).
  await timed(
    client,
    steps,
    'complaint_events',
    `INSERT INTO complaint_events (complaint_id, status, note, actor_id, created_at)
     SELECT c.id, 'submitted', '', c.user_id, c.submitted_at
     FROM complaints c WHERE c.reference = ANY($1::text[])
     UNION ALL
     SELECT c.id, c.status, 'Updated by the advocacy team.', NULL, c.updated_at
     FROM complaints c WHERE c.reference = ANY($1::text[]) AND c.status <> 'submitted'`,
    [complaints.reference],
  );

  // VACUUM as well as ANALYZE: without it autovacuum sets the visibility map (and clears the
  // dead rows of the count updates) in the middle of a measurement, and plans change while
  // they are measured. This is the state a live database settles in.
  await timed(client, steps, 'VACUUM (ANALYZE)', 'VACUUM (ANALYZE)');
  return steps;
}

async function tableStats(client) {
  const tables = [
    'users',
    'campaigns',
    'campaign_likes',
    'blog_posts',
    'blog_comments',
    'facilities',
    'facility_reviews',
    'complaints',
    'complaint_events',
  ];
  const counts = {};
  for (const table of tables) {
    const row = (
      await client.query(
        `SELECT count(*)::int AS n, pg_size_pretty(pg_total_relation_size('${table}')) AS size FROM ${table}`,
      )
    ).rows[0];
    counts[table] = { rows: row.n, size: row.size };
  }
  const check = (
    await client.query(
      `SELECT
         (SELECT count(*)::int FROM campaigns WHERE status = 'active' AND deleted_at IS NULL) AS live_campaigns,
         (SELECT count(*)::int FROM campaigns c LEFT JOIN campaign_like_counts k ON k.campaign_id = c.id WHERE k.likes_count IS DISTINCT FROM (SELECT count(*) FROM campaign_likes l WHERE l.campaign_id = c.id) OR k.listed IS DISTINCT FROM (c.status = 'active' AND c.deleted_at IS NULL)) AS campaigns_with_wrong_likes_count,
         (SELECT count(*)::int FROM blog_posts p WHERE comments_count <> (SELECT count(*) FROM blog_comments c WHERE c.post_id = p.id)) AS posts_with_wrong_comments_count,
         (SELECT count(*)::int FROM facilities f WHERE (review_count, rating_total) <> (SELECT count(*)::int, coalesce(sum(rating), 0)::int FROM facility_reviews r WHERE r.facility_id = f.id AND r.status = 'approved')) AS facilities_with_wrong_counts,
         (SELECT count(*)::int FROM complaints WHERE acknowledgement_due_at <= submitted_at OR response_due_at < acknowledgement_due_at) AS complaints_with_bad_deadlines,
         (SELECT max(likes_count) FROM campaign_like_counts) AS max_likes_per_campaign,
         (SELECT max(comments_count) FROM blog_posts) AS max_comments_per_post,
         pg_size_pretty(pg_database_size(current_database())) AS database_size`,
    )
  ).rows[0];
  return { counts, check };
}

export async function main() {
  const startedAt = Date.now();
  log(`scale ${SCALE}, data dir ${benchDataDir}`);
  // Never pull the directory from under a server that uses it (another benchmark, say).
  try {
    const pid = Number(fs.readFileSync(path.join(benchDataDir, 'server.pid'), 'utf8').trim());
    if (pid > 0 && isAlive(pid)) {
      throw new Error(`${benchDataDir} is in use by a running server (pid ${pid}); stop it first`);
    }
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  fs.rmSync(benchDataDir, { recursive: true, force: true });
  fs.mkdirSync(benchDataDir, { recursive: true });
  // Readable by the postgres system user, which runs the embedded database when we are root.
  fs.chmodSync(benchDataDir, 0o755);

  // 1. Migrations and the demo content (with its images), as a fresh installation has them.
  let t0 = performance.now();
  const server = await startServer({
    root,
    dataDir: benchDataDir,
    env: { SEED_DEMO: 'true' },
    log,
  });
  await server.stop();
  const seedSeconds = seconds(performance.now() - t0);
  log(`demo installation ready in ${seedSeconds} s`);

  // 2. The fill, through the server's own database code on the same directory.
  const config = loadConfig({ DATA_DIR: benchDataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  const database = await startDatabase(config, () => {});
  let steps;
  let stats;
  let fillSeconds;
  try {
    const client = await database.pool.connect();
    try {
      t0 = performance.now();
      steps = await fill(client);
      fillSeconds = seconds(performance.now() - t0);
      stats = await tableStats(client);
    } finally {
      client.release();
    }
  } finally {
    await database.shutdown();
  }
  const problems = Object.entries(stats.check)
    .filter(([key]) => key.includes('wrong') || key.includes('bad'))
    .filter(([, value]) => value !== 0);

  const result = {
    ...runFacts(),
    scale: SCALE,
    dataDir: path.relative(root, benchDataDir) || benchDataDir,
    target: { rows: { USERS, CAMPAIGNS, LIKES, POSTS, COMMENTS, FACILITIES, REVIEWS, COMPLAINTS } },
    demoInstallationSeconds: seedSeconds,
    fillSeconds,
    totalSeconds: seconds(Date.now() - startedAt),
    steps,
    tables: stats.counts,
    invariants: stats.check,
    invariantsHold: problems.length === 0,
  };
  const lines = [
    `# Data at scale (${result.date})`,
    '',
    `${result.machine}, Node ${result.node}, commit ${result.commit}, scale ${SCALE}. The machine may have been shared with other work.`,
    '',
    `Demo installation (server start with SEED_DEMO=true, migrations, demo content): ${seedSeconds} s. Fill (set-based SQL through pg): **${fillSeconds} s**; whole run ${result.totalSeconds} s. Database ${stats.check.database_size}.`,
    '',
    '| table | rows | size |',
    '|---|---|---|',
    ...Object.entries(stats.counts).map(([table, c]) => `| ${table} | ${c.rows} | ${c.size} |`),
    '',
    '| step | seconds | rows |',
    '|---|---|---|',
    ...steps.map((s) => `| ${s.step} | ${s.seconds} | ${s.rows ?? ''} |`),
    '',
    `Invariants (0 means they hold): campaigns with a wrong likes_count ${stats.check.campaigns_with_wrong_likes_count}, posts with a wrong comments_count ${stats.check.posts_with_wrong_comments_count}, facilities with a wrong review_count / rating_total ${stats.check.facilities_with_wrong_counts}, complaints with deadlines out of order ${stats.check.complaints_with_bad_deadlines}: **${problems.length === 0 ? 'met' : 'not met'}**. Live campaigns ${stats.check.live_campaigns}; most likes on one campaign ${stats.check.max_likes_per_campaign}; most comments on one post ${stats.check.max_comments_per_post}.`,
    '',
  ];
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results/data.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  fs.writeFileSync(path.join(root, 'bench/results/data.md'), lines.join('\n'));
  console.log(lines.join('\n'));
  if (problems.length === 0) {
    // bench:api fills the directory first unless this marker says it is complete.
    const summary = Object.entries(stats.counts)
      .map(([table, c]) => `${table} ${c.rows}`)
      .join(', ');
    fs.writeFileSync(
      path.join(benchDataDir, 'bench-filled.json'),
      `${JSON.stringify({ scale: SCALE, date: result.date, summary }, null, 2)}\n`,
    );
  }
  if (problems.length > 0) {
    throw new Error(`invariants broken: ${problems.map(([k, v]) => `${k}=${v}`).join(', ')}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
