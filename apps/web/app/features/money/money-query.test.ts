import { describe, expect, it } from 'vitest';
import {
  csvHref,
  listPageHref,
  moneyQuery,
  readMoneyFilters,
  readNaira,
  sharedFilters,
  statusOf,
} from './money-query.ts';

const campaignId = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';

describe('the money lists’ filters', () => {
  it('reads valid filters into the API’s query and the list’s addresses', () => {
    const read = readMoneyFilters(
      'donations',
      new URLSearchParams({
        status: 'succeeded',
        campaignId,
        from: '2025-03-01',
        to: '2025-03-31',
        search: '  ada@example.com ',
        page: '3',
      }),
    );
    expect(read.errors).toEqual({});
    expect(moneyQuery(read)).toEqual({
      campaignId,
      from: '2025-03-01',
      to: '2025-03-31',
      search: 'ada@example.com',
    });
    expect(statusOf(['pending', 'succeeded'], read)).toBe('succeeded');
    expect(listPageHref('/admin/money', read, 2)).toBe(
      `/admin/money?campaignId=${campaignId}&from=2025-03-01&to=2025-03-31&search=ada%40example.com&status=succeeded&page=2`,
    );
    expect(csvHref('donations', read)).toMatch(/^\/admin\/money\/export\/donations\?campaignId=/);
    expect(csvHref('donations', read)).toContain('status=succeeded');
    expect(sharedFilters(read)).toEqual({ campaignId, from: '2025-03-01', to: '2025-03-31' });
  });

  it('names wrong values in the API’s words and leaves them out of every query', () => {
    const read = readMoneyFilters(
      'refunds',
      new URLSearchParams({ status: 'succeeded', campaignId: 'all', from: 'yesterday' }),
    );
    expect(read.errors).toEqual({
      status: 'Not a refund status',
      campaignId: 'Not a campaign: pick one from a row’s link, or the fund',
      from: 'Dates are written YYYY-MM-DD',
    });
    expect(moneyQuery(read)).toEqual({});
    expect(statusOf(['pending', 'processed', 'failed'], read)).toBeUndefined();
    expect(csvHref('refunds', read)).toBe('/admin/money/export/refunds');
    // The fund is a pot of its own.
    expect(moneyQuery(readMoneyFilters('refunds', new URLSearchParams('campaignId=fund')))).toEqual(
      {
        campaignId: 'fund',
      },
    );
  });

  it('reads a refund’s amount as naira, empty for the whole of it', () => {
    expect(readNaira('')).toBeUndefined();
    expect(readNaira(' ₦12,345.50 ')).toBe(12_345.5);
    expect(readNaira('4000')).toBe(4000);
    expect(readNaira('four thousand')).toBeNull();
    expect(readNaira('-5')).toBeNull();
  });
});
