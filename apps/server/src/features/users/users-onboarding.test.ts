import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/accounts.ts';
import { api, startUsersApp, t, user, userRow } from '../../../test/users-suite.ts';

beforeEach(startUsersApp);
afterEach(() => t.close());

describe('GET /get-me and /get-single-user/{userId}', () => {
  it('returns the signed-in user, without secrets', async () => {
    const response = await api('GET', '/get-me');
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ _id: user.id, email: user.email, image: null });
    expect(JSON.stringify(response.json())).not.toMatch(/argon2|password/i);
  });

  it('shows your own profile, refuses others (403) unless you are an admin', async () => {
    const other = await createSignedInUser(t);
    expect((await api('GET', `/get-single-user/${user.id}`)).json().result.email).toBe(user.email);
    expect((await api('GET', `/get-single-user/${other.id}`)).statusCode).toBe(403);
    const admin = await createSignedInUser(t, { role: 'admin' });
    const asAdmin = await api('GET', `/get-single-user/${other.id}`, { headers: admin.headers });
    expect(asAdmin.json().result.email).toBe(other.email);
    expect(
      (
        await api('GET', '/get-single-user/00000000-0000-4000-8000-000000000000', {
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect((await api('GET', '/get-single-user/not-a-uuid')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/get-single-user/${user.id}` })).statusCode,
    ).toBe(401);
  });
});

describe('PUT /update-user-onboarding', () => {
  const valid = {
    age: 34,
    gender: 'female',
    address: '12 Awolowo Road',
    state: 'lagos',
    lga: 'ikeja',
  };

  it('saves age, gender, address and a real state/LGA pair under their canonical names', async () => {
    const response = await api('PUT', '/update-user-onboarding', { payload: valid });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      age: 34,
      gender: 'female',
      state: 'Lagos',
      lga: 'Ikeja',
      isOnboarded: true,
    });
    const abuja = await api('PUT', '/update-user-onboarding', {
      payload: { ...valid, state: 'abuja', lga: 'Gwagwalada', age: '40' },
    });
    expect(abuja.json().result).toMatchObject({
      state: 'Federal Capital Territory',
      lga: 'Gwagwalada',
      age: 40,
    });
  });

  it.each([
    ['age', { age: -1 }],
    ['age', { age: 121 }],
    ['age', { age: 'abc' }],
    ['age', { age: 20.5 }],
    ['gender', { gender: 'unknown' }],
    ['state', { state: 'Atlantis' }],
    ['lga', { lga: 'Kano Municipal' }],
    ['address', { address: 'x'.repeat(201) }],
    ['lga', { lga: undefined }],
    ['state', { state: undefined }],
  ])('refuses a bad %s (%j) and changes nothing', async (field, override) => {
    const response = await api('PUT', '/update-user-onboarding', {
      payload: { ...valid, ...override },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
    expect((await userRow())?.onboardedAt).toBeNull();
  });

  it('takes an empty body as "skip for now": saves nothing but remembers onboarding is done', async () => {
    const response = await api('PUT', '/update-user-onboarding', { payload: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      age: null,
      gender: null,
      address: null,
      state: null,
      lga: null,
      isOnboarded: true,
    });
    expect((await userRow())?.onboardedAt).not.toBeNull();
    // Blank form fields count as left out.
    const blanks = { age: '', gender: '', address: '', state: '', lga: '' };
    const blank = await api('PUT', '/update-user-onboarding', { payload: blanks });
    expect(blank.statusCode).toBe(200);
  });

  it('saves only the fields given and keeps the others', async () => {
    const first = await api('PUT', '/update-user-onboarding', {
      payload: { age: 34, state: 'Lagos', lga: 'Ikeja' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({
      age: 34,
      gender: null,
      address: null,
      state: 'Lagos',
      lga: 'Ikeja',
      isOnboarded: true,
    });
    const second = await api('PUT', '/update-user-onboarding', {
      payload: { gender: 'female', address: '12 Awolowo Road' },
    });
    expect(second.json().result).toMatchObject({
      age: 34,
      gender: 'female',
      address: '12 Awolowo Road',
      state: 'Lagos',
      lga: 'Ikeja',
    });
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/update-user-onboarding',
      payload: valid,
    });
    expect(response.statusCode).toBe(401);
  });
});
