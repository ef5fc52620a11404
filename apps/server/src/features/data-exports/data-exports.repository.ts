import {
  accessLog,
  and,
  blogComments,
  blogLikes,
  campaignDocuments,
  campaignLikes,
  campaignRevisions,
  campaigns,
  campaignUpdates,
  complaintEvents,
  complaints,
  consents,
  contactMessages,
  type Database,
  dataExports,
  desc,
  donations,
  type Executor,
  eq,
  facilityProfiles,
  facilityReviews,
  inArray,
  isNotNull,
  lt,
  or,
  payouts,
  refunds,
  sessions,
  sql,
  users,
  webinarRegistrations,
} from '@ipatient/db';

export type DataExportRow = typeof dataExports.$inferSelect;

export async function insertExport(executor: Executor, userId: string): Promise<DataExportRow> {
  const [row] = await executor.insert(dataExports).values({ userId }).returning();
  if (!row) throw new Error('data export not inserted');
  return row;
}

/** Locks the member's requests (one request at a time per member) and counts them. */
export async function lockAndCount(
  executor: Executor,
  userId: string,
  since: Date,
): Promise<{ pending: number; recent: number }> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`data-export:${userId}`}))`);
  const [row] = await executor
    .select({
      pending: sql<number>`count(*) filter (where ${dataExports.status} = 'pending')::int`,
      recent: sql<number>`count(*) filter (where ${dataExports.createdAt} >= ${since.toISOString()})::int`,
    })
    .from(dataExports)
    .where(eq(dataExports.userId, userId));
  return { pending: row?.pending ?? 0, recent: row?.recent ?? 0 };
}

export function listExports(db: Database, userId: string): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(20);
}

export async function findExport(db: Database, id: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

export async function markDownloaded(executor: Executor, id: string, at: Date): Promise<void> {
  await executor.update(dataExports).set({ downloadedAt: at }).where(eq(dataExports.id, id));
}

/** The oldest pending request no other worker holds, locked for this transaction. */
export async function claimPending(executor: Executor): Promise<DataExportRow | undefined> {
  const [row] = await executor
    .select()
    .from(dataExports)
    .where(eq(dataExports.status, 'pending'))
    .orderBy(dataExports.createdAt)
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function markReady(
  executor: Executor,
  id: string,
  values: {
    tokenHash: string;
    storageKey: string;
    sizeBytes: number;
    readyAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await executor
    .update(dataExports)
    .set({ ...values, status: 'ready', lastError: null })
    .where(eq(dataExports.id, id));
}

/** One more failed try; failed for good after `maxAttempts`. */
export async function recordFailure(
  db: Database,
  id: string,
  error: string,
  maxAttempts: number,
): Promise<void> {
  await db
    .update(dataExports)
    .set({
      attempts: sql`${dataExports.attempts} + 1`,
      lastError: error.slice(0, 500),
      status: sql`case when ${dataExports.attempts} + 1 >= ${maxAttempts} then 'failed' else 'pending' end`,
    })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')));
}

/** Expired exports whose file is still kept. */
export function expiredWithFiles(db: Database, now: Date) {
  return db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(and(isNotNull(dataExports.storageKey), lt(dataExports.expiresAt, now)))
    .limit(100);
}

export async function clearFile(db: Database, id: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ storageKey: null, tokenHash: null })
    .where(eq(dataExports.id, id));
}

/** Everything the site holds about one member, read in the job's transaction. */
export async function gatherMemberData(executor: Executor, userId: string) {
  const [profile] = await executor.select().from(users).where(eq(users.id, userId));
  if (!profile) return undefined;
  const { passwordHash: _hidden, ...profileWithoutPassword } = profile;

  const ownCampaigns = await executor
    .select()
    .from(campaigns)
    .where(eq(campaigns.userId, userId))
    .orderBy(campaigns.createdAt);
  const campaignIds = ownCampaigns.map((campaign) => campaign.id);
  const ofCampaigns = <T>(read: () => Promise<T[]>) =>
    campaignIds.length === 0 ? Promise.resolve([] as T[]) : read();

  const revisions = await ofCampaigns(() =>
    executor
      .select()
      .from(campaignRevisions)
      .where(inArray(campaignRevisions.campaignId, campaignIds))
      .orderBy(campaignRevisions.submittedAt),
  );
  const updates = await ofCampaigns(() =>
    executor
      .select()
      .from(campaignUpdates)
      .where(inArray(campaignUpdates.campaignId, campaignIds))
      .orderBy(campaignUpdates.createdAt),
  );
  const documents = await executor
    .select({
      id: campaignDocuments.id,
      campaignId: campaignDocuments.campaignId,
      kind: campaignDocuments.kind,
      fileName: campaignDocuments.fileName,
      contentType: campaignDocuments.contentType,
      sizeBytes: campaignDocuments.sizeBytes,
      createdAt: campaignDocuments.createdAt,
      attachedAt: campaignDocuments.attachedAt,
      storageKey: campaignDocuments.storageKey,
    })
    .from(campaignDocuments)
    .where(eq(campaignDocuments.userId, userId))
    .orderBy(campaignDocuments.createdAt);

  const donationsMade = await executor
    .select()
    .from(donations)
    .where(or(eq(donations.userId, userId), eq(donations.donorEmail, profile.email)))
    .orderBy(donations.createdAt);
  // Gifts to their campaigns: amounts, dates and the name as the campaign page shows it.
  const donationsReceived = await ofCampaigns(() =>
    executor
      .select({
        id: donations.id,
        campaignId: donations.campaignId,
        amountKobo: donations.amountKobo,
        currency: donations.currency,
        status: donations.status,
        shownName: sql<string>`case when ${donations.anonymous} then 'Anonymous' else ${donations.donorName} end`,
        createdAt: donations.createdAt,
      })
      .from(donations)
      .where(inArray(donations.campaignId, campaignIds))
      .orderBy(donations.createdAt),
  );
  // Payouts and refunds as the campaign's page tells them: never the payment provider's answers
  // (a refund's names the donor), the hospital's account number or which admin acted.
  const campaignPayouts = await ofCampaigns(() =>
    executor
      .select({
        id: payouts.id,
        reference: payouts.reference,
        campaignId: payouts.campaignId,
        amountKobo: payouts.amountKobo,
        payeeKind: payouts.payeeKind,
        payeeName: payouts.payeeName,
        bankName: payouts.bankName,
        purpose: payouts.purpose,
        status: payouts.status,
        reason: payouts.reason,
        requestedAt: payouts.requestedAt,
        approvedAt: payouts.approvedAt,
        paidAt: payouts.paidAt,
      })
      .from(payouts)
      .where(inArray(payouts.campaignId, campaignIds))
      .orderBy(payouts.requestedAt),
  );
  const campaignRefunds = await ofCampaigns(() =>
    executor
      .select({
        id: refunds.id,
        donationId: refunds.donationId,
        campaignId: refunds.campaignId,
        amountKobo: refunds.amountKobo,
        reason: refunds.reason,
        status: refunds.status,
        createdAt: refunds.createdAt,
        settledAt: refunds.settledAt,
      })
      .from(refunds)
      .where(inArray(refunds.campaignId, campaignIds))
      .orderBy(refunds.createdAt),
  );

  const ownComplaints = await executor
    .select()
    .from(complaints)
    .where(eq(complaints.userId, userId))
    .orderBy(complaints.submittedAt);
  const complaintIds = ownComplaints.map((complaint) => complaint.id);
  const events =
    complaintIds.length === 0
      ? []
      : await executor
          .select({
            complaintId: complaintEvents.complaintId,
            status: complaintEvents.status,
            note: complaintEvents.note,
            createdAt: complaintEvents.createdAt,
          })
          .from(complaintEvents)
          .where(inArray(complaintEvents.complaintId, complaintIds))
          .orderBy(complaintEvents.createdAt);

  const reviews = await executor
    .select()
    .from(facilityReviews)
    .where(eq(facilityReviews.userId, userId));
  const comments = await executor
    .select()
    .from(blogComments)
    .where(eq(blogComments.userId, userId));
  const likedCampaigns = await executor
    .select()
    .from(campaignLikes)
    .where(eq(campaignLikes.userId, userId));
  const likedPosts = await executor.select().from(blogLikes).where(eq(blogLikes.userId, userId));
  const consentRows = await executor
    .select()
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(consents.createdAt);
  const sessionRows = await executor
    .select({
      device: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(sessions.createdAt);
  const webinars = await executor
    .select()
    .from(webinarRegistrations)
    .where(
      or(
        eq(webinarRegistrations.userId, userId),
        sql`lower(${webinarRegistrations.email}) = ${profile.email}`,
      ),
    );
  const contact = await executor
    .select()
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) = ${profile.email}`);
  const accessEntries = await executor
    .select({
      actorRole: accessLog.actorRole,
      subjectType: accessLog.subjectType,
      subjectId: accessLog.subjectId,
      action: accessLog.action,
      byYou: sql<boolean>`${accessLog.actorId} is not distinct from ${userId}::uuid`,
      createdAt: accessLog.createdAt,
    })
    .from(accessLog)
    .where(eq(accessLog.ownerId, userId))
    .orderBy(accessLog.createdAt);
  const [facilityProfile] = await executor
    .select()
    .from(facilityProfiles)
    .where(eq(facilityProfiles.userId, userId));

  return {
    profile: profileWithoutPassword,
    facilityProfile: facilityProfile ?? null,
    campaigns: ownCampaigns,
    campaignRevisions: revisions,
    campaignUpdates: updates,
    campaignDocuments: documents,
    donationsMade,
    donationsReceived,
    payouts: campaignPayouts,
    refunds: campaignRefunds,
    complaints: ownComplaints,
    complaintEvents: events,
    reviews,
    blogComments: comments,
    likedCampaigns,
    likedPosts,
    consents: consentRows,
    sessions: sessionRows,
    webinarRegistrations: webinars,
    contactMessages: contact,
    accessLog: accessEntries,
  };
}
