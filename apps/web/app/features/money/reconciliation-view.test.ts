import type { TReconciliation } from '@ipatient/contracts/money';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ReconciliationView } from './reconciliation-view.tsx';

const fund = {
  ok: true,
  counters: { donated: 400, awarded: 0, available: 400, refunded: 0 },
  recomputed: { donated: 400, awarded: 0, refunded: 0 },
  problems: [],
};

function render(report: TReconciliation): string {
  return renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(ReconciliationView, { report })),
  );
}

describe('the reconciliation view', () => {
  it('says everything balances when it does', () => {
    const html = render({ ok: true, checked: 4, campaigns: [], fund });
    expect(html).toContain('Everything balances');
    expect(html).toContain('4 campaigns with money checked');
    expect(html).toContain('Green-Heart fund: balances');
    expect(html).not.toContain('(differs)');
    expect(html).not.toContain('Campaigns that do not agree');
  });

  it('names each campaign that does not agree, with its figures and what differs', () => {
    const html = render({
      ok: false,
      checked: 2,
      fund: {
        ok: false,
        counters: { ...fund.counters, donated: 401, available: 401 },
        recomputed: fund.recomputed,
        problems: ['donated: counter ₦401, rows ₦400'],
      },
      campaigns: [
        {
          campaignId: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e',
          title: 'Chemo for Bayo',
          counters: {
            donated: 7223.45,
            awarded: 0,
            available: 4223.45,
            pendingPayout: 3000,
            paidOut: 0,
            refunded: 0,
            amountRaised: 7100,
            donationCount: 2,
          },
          recomputed: {
            donated: 7100,
            awarded: 0,
            pendingPayout: 3000,
            paidOut: 0,
            refunded: 0,
            amountRaised: 7100,
            donationCount: 2,
          },
          problems: ['donated: counter ₦7,223.45, rows ₦7,100'],
        },
      ],
    });
    expect(html).toContain('Some counters do not match their rows');
    expect(html).toContain('1 campaign and the Green-Heart fund do not agree: see below.');
    expect(html).toContain('Green-Heart fund: does not balance');
    expect(html).toContain('donated: counter ₦401, rows ₦400');
    expect(html).toContain('Chemo for Bayo');
    expect(html).toContain('donated: counter ₦7,223.45, rows ₦7,100');
    // Donated and what is available differ (by the rows: ₦7,100 in, ₦3,000 waiting).
    expect(html).toMatch(
      /Donated<span[^>]*>\(differs\)<\/span><\/th><td[^>]*>₦7,223.45<\/td><td[^>]*>₦7,100</,
    );
    expect(html).toMatch(
      /Available<span[^>]*>\(differs\)<\/span><\/th><td[^>]*>₦4,223.45<\/td><td[^>]*>₦4,100</,
    );
    expect(html).toMatch(/Waiting for payouts<\/th>/);
    expect(html).toContain('href="/admin/campaigns/3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e"');
  });
});
