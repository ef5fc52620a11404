import type { ComplaintStatus } from '@ipatient/contracts/advocacy-rules';
import { describe, expect, it } from 'vitest';
import { formatDeadline, loginToComplainPath, nextDeadline } from './complaint-text.ts';
import type { Complaint } from './complaint-types.ts';

function complaint(status: ComplaintStatus, overdue = { acknowledgement: false, response: false }) {
  return {
    status,
    acknowledgementDueAt: '2025-11-28T22:59:59.999Z',
    responseDueAt: '2025-12-19T22:59:59.999Z',
    overdue,
  } as Complaint;
}

describe('complaint texts', () => {
  it('shows a deadline as its day in Lagos time', () => {
    // 23:59:59.999 in Lagos is 22:59:59.999 UTC: still Friday 28 November.
    expect(formatDeadline('2025-11-28T22:59:59.999Z')).toBe('Friday 28 November 2025');
    // 23:30 UTC on 31 December is already New Year's Day in Lagos.
    expect(formatDeadline('2025-12-31T23:30:00.000Z')).toBe('Thursday 1 January 2026');
  });

  it('picks the deadline that matters for the status', () => {
    expect(
      nextDeadline(complaint('submitted', { acknowledgement: true, response: false })),
    ).toEqual({ label: 'Acknowledgement due', dueAt: '2025-11-28T22:59:59.999Z', overdue: true });
    expect(nextDeadline(complaint('under_review'))).toEqual({
      label: 'Response due',
      dueAt: '2025-12-19T22:59:59.999Z',
      overdue: false,
    });
    expect(nextDeadline(complaint('resolved'))).toBeNull();
    expect(nextDeadline(complaint('closed'))).toBeNull();
  });

  it('sends visitors to log in and back to the form', () => {
    expect(loginToComplainPath()).toBe('/login?redirectTo=%2Fadvocacy%23complaint-form');
  });
});
