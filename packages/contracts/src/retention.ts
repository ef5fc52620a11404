/**
 * How long the site keeps data it no longer needs, in one place: the purge jobs, the privacy
 * notice and the docs read these numbers.
 */
export const retention = {
  /** Expired, used or superseded one-time codes (email and SMS) are deleted after this. */
  codesDays: 1,
  /** Sign-ups never confirmed with their code. */
  pendingSignUpsDays: 7,
  /** Sessions that expired or were signed out, with their refresh tokens. */
  endedSessionsDays: 30,
  /** Donations started but never paid (no money moved): the donor's details are deleted. */
  abandonedDonationsDays: 7,
  /** Sent emails and text messages (their texts can hold codes and links). */
  sentMessagesDays: 30,
  /** Downloads of a member's data: the link works this long, then the file is deleted. */
  dataExportDays: 7,
  /** A deleted account's personal data is erased or anonymised within this (usually at once). */
  accountErasureDays: 30,
  /** Who opened which private record. */
  accessLogDays: 730,
} as const;
