import { complaintLimits } from '@ipatient/contracts/advocacy-rules';
import { limits } from '@ipatient/contracts/constants';
import type { Complaint } from './complaint-types.ts';

export { complaintStatusLabels } from '@ipatient/contracts/advocacy-rules';

/** The fields of the complaint form, as POST /create-advocacy names them. */
export const complaintFields = [
  'hospitalName',
  'hospitalAddress',
  'category',
  'complaints',
] as const;

/** The address of a complaint's page. */
export function complaintPath(id: string): string {
  return `/advocacy/complaints/${encodeURIComponent(id)}`;
}

/** Where the form is, and where the login page sends a visitor back to. */
export const complaintFormPath = '/advocacy#complaint-form';
export const complaintsTabPath = '/account?tab=advocacy';

export function loginToComplainPath(): string {
  return `/login?${new URLSearchParams({ redirectTo: complaintFormPath })}`;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Africa/Lagos',
});

/** A deadline's day in Lagos time: "Friday 28 November 2025" (the end of that day). */
export function formatDeadline(iso: string): string {
  return dayFormat.format(new Date(iso)).replace(',', '');
}

/** A moment in Lagos time: "21 November 2025, 7:05 pm". */
export function formatMoment(iso: string): string {
  return dateTimeFormat.format(new Date(iso)).replace(' at ', ', ');
}

export const acknowledgementWithin = `(within ${limits.acknowledgementWorkingDays} working days)`;
export const responseWithin = `(within ${limits.responseWorkingDays} working days)`;

export type NextDeadline = { label: string; dueAt: string; overdue: boolean } | null;

/** The deadline that matters now: acknowledgement while submitted, then the response. */
export function nextDeadline(complaint: Complaint): NextDeadline {
  if (complaint.status === 'submitted') {
    return {
      label: 'Acknowledgement due',
      dueAt: complaint.acknowledgementDueAt,
      overdue: complaint.overdue.acknowledgement,
    };
  }
  if (complaint.status === 'resolved' || complaint.status === 'closed') return null;
  return {
    label: 'Response due',
    dueAt: complaint.responseDueAt,
    overdue: complaint.overdue.response,
  };
}

/** The lengths POST /create-advocacy accepts (trimmed), for the browser's own checks. */
export const complaintFieldLimits = {
  hospitalName: { min: complaintLimits.hospitalNameMin, max: complaintLimits.hospitalNameMax },
  hospitalAddress: {
    min: complaintLimits.hospitalAddressMin,
    max: complaintLimits.hospitalAddressMax,
  },
  complaints: { min: complaintLimits.complaintsMin, max: complaintLimits.complaintsMax },
} as const;
