import { brandText } from './brand.ts';

/** The four complaint categories (docs/product.md#complaints Advocacy), with the brand word in the last. */
export const complaintCategories = [
  'health insurance',
  'medical billing',
  'medical errors/Negligence',
  brandText('{product} Rights'),
] as const;
export type ComplaintCategory = (typeof complaintCategories)[number];

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

/** What each status is called on screen and in emails. */
export const complaintStatusLabels: Record<ComplaintStatus, string> = {
  submitted: 'Submitted',
  acknowledged: 'Acknowledged',
  under_review: 'Under review',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const complaintLimits = {
  hospitalNameMin: 2,
  hospitalNameMax: 150,
  hospitalAddressMin: 5,
  hospitalAddressMax: 300,
  complaintsMin: 20,
  complaintsMax: 5000,
  noteMax: 2000,
  /** Complaints one user may submit in any 24 hours. */
  perUserPerDay: 5,
  pageDefault: 10,
  pageMax: 50,
  searchMax: 100,
} as const;

/** The answer to a category outside the list (the 400 on `category`). */
export const complaintCategoryProblem = `Choose one of: ${complaintCategories.join(', ')}`;

export type ComplaintField = 'hospitalName' | 'hospitalAddress' | 'category' | 'complaints';

const LENGTHS = {
  hospitalName: {
    label: 'Hospital name',
    min: complaintLimits.hospitalNameMin,
    max: complaintLimits.hospitalNameMax,
  },
  hospitalAddress: {
    label: 'Hospital address',
    min: complaintLimits.hospitalAddressMin,
    max: complaintLimits.hospitalAddressMax,
  },
  complaints: {
    label: 'Complaint',
    min: complaintLimits.complaintsMin,
    max: complaintLimits.complaintsMax,
  },
} as const;

/**
 * What is wrong with one field of the complaint form (the value as typed), or undefined. The API
 * and the form both use it, so they say the same thing. Lengths count the trimmed text.
 */
export function complaintFieldProblem(field: ComplaintField, value: string): string | undefined {
  const text = value.trim();
  if (field === 'category') {
    return (complaintCategories as readonly string[]).includes(text)
      ? undefined
      : complaintCategoryProblem;
  }
  const { label, min, max } = LENGTHS[field];
  if (text.length === 0) {
    return field === 'complaints' ? 'Describe your complaint' : `${label} is required`;
  }
  if (text.length < min) return `${label} must be at least ${min} characters`;
  if (text.length > max)
    return `${label} must be at most ${max.toLocaleString('en-NG')} characters`;
  return undefined;
}

/** The order of the open statuses; resolved and closed both end it. */
const PATH: readonly ComplaintStatus[] = ['submitted', 'acknowledged', 'under_review', 'resolved'];

export function isFinalComplaintStatus(status: ComplaintStatus): boolean {
  return status === 'resolved' || status === 'closed';
}

/** The status an admin's "next step" moves to, or undefined once resolved or closed. */
export function nextComplaintStatus(status: ComplaintStatus): ComplaintStatus | undefined {
  if (isFinalComplaintStatus(status)) return undefined;
  return PATH[PATH.indexOf(status) + 1];
}

/**
 * Whether an admin may move a complaint from one status to another: forward along
 * submitted → acknowledged → under_review → resolved, skipping steps is allowed, 'closed' from
 * any open status; never backwards, never to the same status, never out of resolved or closed.
 */
export function canMoveComplaint(from: ComplaintStatus, to: ComplaintStatus): boolean {
  if (isFinalComplaintStatus(from)) return false;
  if (to === 'closed') return true;
  return PATH.indexOf(to) > PATH.indexOf(from);
}

/**
 * The two deadline flags, computed when read (never stored): acknowledgement is late while a
 * complaint is still 'submitted' after its due time; the response while it is not resolved or closed.
 */
export function complaintOverdue(
  complaint: {
    status: ComplaintStatus;
    acknowledgementDueAt: Date | string;
    responseDueAt: Date | string;
  },
  now: Date = new Date(),
): { acknowledgement: boolean; response: boolean } {
  const time = now.getTime();
  return {
    acknowledgement:
      complaint.status === 'submitted' && time > new Date(complaint.acknowledgementDueAt).getTime(),
    response:
      !isFinalComplaintStatus(complaint.status) &&
      time > new Date(complaint.responseDueAt).getTime(),
  };
}

/**
 * Reference numbers: IPC-yymm-XXXXXX, six characters of an alphabet without look-alikes
 * (no 0/O, 1/I/L, U/V), so a patient can read one out on the phone.
 */
export const complaintReferenceAlphabet = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const complaintReferencePattern = /^IPC-\d{4}-[23456789ABCDEFGHJKMNPQRSTWXYZ]{6}$/;
