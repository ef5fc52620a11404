import { describe, expect, it } from 'vitest';
import { campaignFieldProblem, campaignLimits, parseNairaAmount } from './campaign-rules.ts';
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
