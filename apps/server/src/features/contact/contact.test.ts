import { brand } from '@ipatient/contracts';
import { contactMessages, emailOutbox, eq, rateEvents, siteDocuments } from '@ipatient/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { saveSiteDocuments } from '../site-docs/site-docs.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(contactMessages);
  await t.database.db.delete(emailOutbox);
  await t.database.db.delete(rateEvents);
  await t.database.db.delete(siteDocuments);
});

let addressCounter = 0;
/** A network address of its own, so one test's messages never count against another's. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.20.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

const valid = {
  email: 'Ngozi.Eze@Example.ng',
  firstName: 'Ngozi',
  lastName: 'Eze',
  phone: '0803 123 4567',
  message: 'I would like to volunteer as a patient advocate in Enugu.',
};

function send(payload: object, remoteAddress = freshAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/v1/contact-us', payload, remoteAddress });
}

describe('POST /api/v1/contact-us', () => {
  it('stores the message and queues an email to the brand contact address', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Thank you. Your message has been sent.' });

    const [row] = await t.database.db.select().from(contactMessages);
    expect(row).toMatchObject({
      email: 'ngozi.eze@example.ng',
      firstName: 'Ngozi',
      lastName: 'Eze',
      phone: '+2348031234567',
      message: valid.message,
      handledAt: null,
    });
    const emails = await t.database.db.select().from(emailOutbox);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.to).toBe(brand.contactEmail);
    expect(emails[0]?.subject).toContain('Ngozi Eze <ngozi.eze@example.ng>');
    expect(emails[0]?.text).toContain('Reply to: ngozi.eze@example.ng');
    expect(emails[0]?.text).toContain('Phone: +2348031234567');
    expect(emails[0]?.text).toContain(valid.message);
  });

  it("sends to the website documents' contact address when one is set", async () => {
    await saveSiteDocuments(t.database.db, {
      termsAndCondition: '<p>Terms</p>',
      aboutUs: '<p>About</p>',
      contactUs: { email: 'care@ipatient.example', phone: '+2348000000000', address: 'Lagos' },
      socialMedia: {},
    });
    expect((await send(valid)).statusCode).toBe(200);
    const [email] = await t.database.db.select().from(emailOutbox);
    expect(email?.to).toBe('care@ipatient.example');
  });

  it("escapes the sender's words in the HTML email", async () => {
    await send({ ...valid, message: '<script>alert(1)</script> please call me back' });
    const [email] = await t.database.db.select().from(emailOutbox);
    expect(email?.html).not.toContain('<script>');
    expect(email?.html).toContain('&lt;script&gt;');
  });

  it('accepts an international number in E.164 form', async () => {
    expect((await send({ ...valid, phone: '+44 20 7946 0958' })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(contactMessages);
    expect(row?.phone).toBe('+442079460958');
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['email', { email: undefined }],
    ['firstName', { firstName: '' }],
    ['firstName', { firstName: 'x'.repeat(61) }],
    ['lastName', { lastName: '   ' }],
    ['lastName', { lastName: 'y'.repeat(61) }],
    ['phone', { phone: '12345' }],
    ['phone', { phone: '+1234567' }],
    ['phone', { phone: '0803 123' }],
    ['phone', { phone: undefined }],
    ['message', { message: 'Too short' }],
    ['message', { message: 'm'.repeat(5001) }],
    ['message', { message: undefined }],
  ])('refuses a bad %s (%j) and stores and sends nothing', async (field, override) => {
    const response = await send({ ...valid, ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(field);
    expect(await t.database.db.select().from(contactMessages)).toHaveLength(0);
    expect(await t.database.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('accepts messages of exactly 10 and 5,000 characters', async () => {
    expect((await send({ ...valid, message: 'm'.repeat(10) })).statusCode).toBe(200);
    expect((await send({ ...valid, message: 'm'.repeat(5000) })).statusCode).toBe(200);
  });

  it('allows 5 messages an hour from one address, then answers 429 with a wait', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect((await send(valid, address)).statusCode).toBe(200);
    const limited = await send(valid, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(limited.json().message).toMatch(/Please try again in \d+ minutes/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.database.db.select().from(contactMessages)).toHaveLength(5);
    // Another address is not affected.
    expect((await send(valid, freshAddress())).statusCode).toBe(200);
  });

  it('counts messages sent at once: no more than 5 get through', async () => {
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(valid, address)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(3);
    expect(await t.database.db.select().from(contactMessages)).toHaveLength(5);
    expect(await t.database.db.select().from(emailOutbox)).toHaveLength(5);
  });

  it('does not count refused messages against the address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 6; i++) await send({ ...valid, message: 'short' }, address);
    const events = await t.database.db.select().from(rateEvents).where(eq(rateEvents.key, address));
    expect(events).toHaveLength(0);
    expect((await send(valid, address)).statusCode).toBe(200);
  });
});
