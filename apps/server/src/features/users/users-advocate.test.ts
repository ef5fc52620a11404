import { eq, users } from '@ipatient/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/accounts.ts';
import { api, startUsersApp, t, user, userRow } from '../../../test/users-suite.ts';

beforeEach(startUsersApp);
afterEach(() => t.close());

describe('PUT /users/{id}/advocate', () => {
  it('lets members volunteer as an advocate and stop, for themselves only', async () => {
    const on = await api('PUT', `/users/${user.id}/advocate`, { payload: { isAdvocate: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      message: 'Thank you for volunteering as an advocate.',
      result: { _id: user.id, isAdvocate: true },
    });
    expect((await userRow())?.isAdvocate).toBe(true);
    expect((await api('GET', '/get-me')).json().result.isAdvocate).toBe(true);

    const off = await api('PUT', `/users/${user.id}/advocate`, { payload: { isAdvocate: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'You are no longer volunteering as an advocate.',
      result: { isAdvocate: false },
    });
    expect((await userRow())?.isAdvocate).toBe(false);
  });

  it("refuses another member's account (403), visitors (401) and bad input, changing nothing", async () => {
    const other = await createSignedInUser(t);
    const forOther = await api('PUT', `/users/${other.id}/advocate`, {
      payload: { isAdvocate: true },
    });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().message).toBe('You can only volunteer as an advocate for yourself.');
    const [otherRow] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(otherRow?.isAdvocate).toBe(false);

    const visitor = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${user.id}/advocate`,
      payload: { isAdvocate: true },
    });
    expect(visitor.statusCode).toBe(401);

    for (const payload of [{}, { isAdvocate: 'yes' }]) {
      const bad = await api('PUT', `/users/${user.id}/advocate`, { payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('isAdvocate');
    }
    expect(
      (await api('PUT', '/users/not-a-uuid/advocate', { payload: { isAdvocate: true } }))
        .statusCode,
    ).toBe(400);
    expect((await userRow())?.isAdvocate).toBe(false);
  });

  it('does not let a facility account volunteer', async () => {
    const facility = await createSignedInUser(t, { role: 'facility' });
    const response = await api('PUT', `/users/${facility.id}/advocate`, {
      payload: { isAdvocate: true },
      headers: facility.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/Facility accounts cannot volunteer/);
  });
});
