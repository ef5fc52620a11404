import { brandText } from './brand.ts';

/** The four complaint categories (SPEC §3 Advocacy), with the brand word in the last. */
export const complaintCategories = [
  'health insurance',
  'medical billing',
  'medical errors/Negligence',
  brandText('{product} Rights'),
] as const;

/**
 * A complaint moves submitted → acknowledged → under_review → resolved or closed. Only an
 * admin moves it; each move carries a note that is emailed to the patient.
 */
export const complaintStatuses = [
  'submitted',
  'acknowledged',
  'under_review',
  'resolved',
  'closed',
] as const;
export type ComplaintStatus = (typeof complaintStatuses)[number];
