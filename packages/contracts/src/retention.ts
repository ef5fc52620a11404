/**
 * How long the site keeps data it no longer needs, in one place: the purge jobs, the privacy
 * notice and the docs read these numbers.
 */
export const retention = {
  /** Expired, used or superseded one-time codes (email and SMS) are deleted after this. */
  codesDays: 1,
  /** Sign-ups never confirmed with their code (they hold a password hash and a phone number). */
  pendingSignUpsDays: 1,
  /** Sessions that expired or were signed out, with their refresh tokens (as the hourly account housekeeping). */
  endedSessionsDays: 7,
  /**
   * Donations started but never paid (no money moved): deleted, or the donor's details cleared
   * when a record still refers to them. Paid and refunded donations are never touched.
   */
  abandonedDonationsDays: 7,
  /** Sent emails and text messages (their texts can hold codes and links). */
  sentMessagesDays: 30,
  /** Downloads of a member's data: the link works this long, then the file is deleted. */
  dataExportDays: 7,
  /** A deleted account's personal data is erased or anonymised within this (usually at once). */
  accountErasureDays: 30,
  /** Who opened which private record. */
  accessLogDays: 730,
  /** Abuse-limit counts (sign-in, codes, submissions), removed by the hourly account housekeeping. */
  rateEventsDays: 1,
} as const;
