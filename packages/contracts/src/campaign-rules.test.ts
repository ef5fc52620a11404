import { describe, expect, it } from 'vitest';
import {
  campaignEndsAt,
  campaignFieldProblem,
  campaignHasEnded,
  campaignLimits,
  campaignTimeLeftText,
  extensionRequestProblem,
  parseNairaAmount,
} from './campaign-rules.ts';
import { ZCampaignCreateRequest, ZCampaignUpdateRequest } from './campaigns.ts';

const valid = {
  title: 'Help Ada walk again',
  description: 'Ada needs a hip replacement after a road accident in Ikeja last month.',
  fundraisingFor: 'Ada Okafor',
  category: 'Hospital Bill Support',
  duration: '3 months',
  amountNeeded: '1,500,000',
  state: 'lagos',
  lga: 'IKEJA',
  address: '12 Allen Avenue, Ikeja',
  bankCode: '058',
  accountNumber: '0123456789',
};

describe('parseNairaAmount', () => {
  it('reads whole naira written the way people write them', () => {
    expect(parseNairaAmount('1,500,000')).toBe(1_500_000);
    expect(parseNairaAmount('₦ 20 000')).toBe(20_000);
    expect(parseNairaAmount(7500)).toBe(7500);
    expect(parseNairaAmount('12.50')).toBeUndefined();
    expect(parseNairaAmount('abc')).toBeUndefined();
    expect(parseNairaAmount(1.5)).toBeUndefined();
  });
});

describe('campaignFieldProblem', () => {
  it('names what is wrong with a goal', () => {
    expect(campaignFieldProblem('amountNeeded', '')).toBe('Goal is required');
    expect(campaignFieldProblem('amountNeeded', '-5000')).toMatch(/at least ₦1,000/);
    expect(campaignFieldProblem('amountNeeded', '0')).toMatch(/at least/);
    expect(campaignFieldProblem('amountNeeded', '1000.5')).toMatch(/whole number/);
    expect(campaignFieldProblem('amountNeeded', String(campaignLimits.amountMax + 1))).toMatch(
      /at most/,
    );
    expect(campaignFieldProblem('amountNeeded', '50000')).toBeUndefined();
  });

  it('checks an LGA against its state and the documented values exactly', () => {
    expect(campaignFieldProblem('lga', 'Ikeja', { state: 'Lagos' })).toBeUndefined();
    expect(campaignFieldProblem('lga', 'Nassarawa', { state: 'Lagos' })).toMatch(/of Lagos/);
    expect(campaignFieldProblem('category', 'hospital bill support')).toMatch(/must be one of/);
    expect(campaignFieldProblem('duration', '4 months')).toMatch(/must be one of/);
    expect(campaignFieldProblem('accountNumber', '012345678')).toBe(
      'Account number must be 10 digits',
    );
  });
});

describe('ZCampaignCreateRequest', () => {
  it('makes the place canonical, the goal a number, and drops a client account name', () => {
    const parsed = ZCampaignCreateRequest.parse({ ...valid, accountName: 'SOMEONE ELSE' });
    expect(parsed).toMatchObject({ state: 'Lagos', lga: 'Ikeja', amountNeeded: 1_500_000 });
    expect(parsed).not.toHaveProperty('accountName');
  });

  it('refuses a state and LGA that are not a pair', () => {
    const result = ZCampaignCreateRequest.safeParse({ ...valid, lga: 'Kano Municipal' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['lga']);
  });
});

describe('ZCampaignUpdateRequest', () => {
  it('wants the bank with the account number, and the state with the LGA', () => {
    expect(ZCampaignUpdateRequest.safeParse({ bankCode: '058' }).success).toBe(false);
    expect(ZCampaignUpdateRequest.safeParse({ state: 'Kano' }).success).toBe(false);
    expect(ZCampaignUpdateRequest.parse({ duration: '1 year' })).toEqual({ duration: '1 year' });
  });
});

describe('campaignEndsAt', () => {
  it('adds the duration in months as PostgreSQL does, then the extra days', () => {
    const end = (approved: string, duration: string, days = 0) =>
      campaignEndsAt(approved, duration, days)?.toISOString();
    expect(end('2026-03-10T09:30:00.000Z', '1 month')).toBe('2026-04-10T09:30:00.000Z');
    expect(end('2026-01-31T12:00:00.000Z', '1 month')).toBe('2026-02-28T12:00:00.000Z');
    expect(end('2028-01-31T12:00:00.000Z', '1 month')).toBe('2028-02-29T12:00:00.000Z');
    expect(end('2026-08-31T00:00:00.000Z', '6 months')).toBe('2027-02-28T00:00:00.000Z');
    expect(end('2026-05-15T08:00:00.000Z', '1 year')).toBe('2027-05-15T08:00:00.000Z');
    expect(end('2026-05-15T08:00:00.000Z', '9 months', 30)).toBe('2027-03-17T08:00:00.000Z');
    expect(campaignEndsAt(null, '1 month', 0)).toBeNull();
  });

  it('tells the time left: days, the last day, or the day it ended', () => {
    const now = new Date('2026-03-10T12:00:00.000Z');
    expect(campaignTimeLeftText('2026-03-20T12:00:00.000Z', now)).toBe('10 days left');
    expect(campaignTimeLeftText('2026-03-12T11:00:00.000Z', now)).toBe('2 days left');
    expect(campaignTimeLeftText('2026-03-11T11:00:00.000Z', now)).toBe('Last day');
    expect(campaignTimeLeftText('2026-03-10T12:00:00.000Z', now)).toBe('Ended on 2026-03-10');
    expect(campaignTimeLeftText(null, now)).toBeNull();
    expect(campaignHasEnded('2026-03-10T12:00:00.000Z', now)).toBe(true);
    expect(campaignHasEnded('2026-03-10T12:00:01.000Z', now)).toBe(false);
    expect(campaignHasEnded(null, now)).toBe(false);
  });

  it('lets an organiser ask for more time while live or up to 30 days after the end, once at a time', () => {
    const now = new Date('2026-03-10T12:00:00.000Z');
    const live = {
      status: 'active',
      endsAt: '2026-03-01T12:00:00.000Z',
      extensionDays: 0,
      extensionRequestedAt: null,
    };
    expect(extensionRequestProblem(live, now)).toBeUndefined();
    expect(extensionRequestProblem({ ...live, endsAt: '2026-02-08T11:59:00.000Z' }, now)).toMatch(
      /30 days after/,
    );
    expect(
      extensionRequestProblem({ ...live, extensionRequestedAt: '2026-03-09T00:00:00.000Z' }, now),
    ).toMatch(/already asked/);
    expect(extensionRequestProblem({ ...live, status: 'completed' }, now)).toMatch(/live/);
    expect(extensionRequestProblem({ ...live, extensionDays: 340 }, now)).toMatch(/365/);
  });
});
