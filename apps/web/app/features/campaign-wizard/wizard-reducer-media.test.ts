import { describe, expect, it } from 'vitest';
import { coverMissing, verifyFirst } from './wizard-model.ts';
import { account, complete, cover, filled, verifyAnswer } from './wizard-reducer.fixtures.ts';
import { bankProblems, coverNotKept, wizardReducer } from './wizard-reducer.ts';

describe('wizardReducer: the cover photo', () => {
  it('keeps a photo chosen before the JavaScript ran, with a note when the draft had no room', () => {
    const kept = wizardReducer(filled(2, { cover: null }), {
      type: 'coverLoaded',
      cover,
      kept: true,
    });
    expect(kept).toMatchObject({ cover, coverNote: undefined });
    const notKept = wizardReducer(filled(2, { cover: null }), {
      type: 'coverLoaded',
      cover,
      kept: false,
    });
    expect(notKept.coverNote).toBe(coverNotKept);
  });

  it('a chosen photo replaces the message; the note says whether the draft kept it', () => {
    const start = filled(2, { cover: null, errors: { image: coverMissing }, coverNote: 'old' });
    const kept = wizardReducer(start, { type: 'coverChosen', cover, kept: true });
    expect(kept).toMatchObject({ cover, errors: {}, coverNote: undefined });
    const notKept = wizardReducer(start, { type: 'coverChosen', cover, kept: false });
    expect(notKept.coverNote).toBe(coverNotKept);
  });

  it('a refused photo leaves no cover and says why', () => {
    const state = wizardReducer(filled(2, { coverNote: coverNotKept }), {
      type: 'coverRefused',
      problem: 'Choose a PNG or JPEG image.',
    });
    expect(state).toMatchObject({ cover: null, coverNote: undefined });
    expect(state.errors.image).toBe('Choose a PNG or JPEG image.');
  });

  it('removing the photo clears it and focuses the file field', () => {
    const state = wizardReducer(filled(2, { errors: { image: 'x' } }), { type: 'coverRemoved' });
    expect(state).toMatchObject({ cover: null, coverNote: undefined, errors: {} });
    expect(state.focus?.targets).toEqual(['campaign-image']);
  });
});

describe('wizardReducer: verifying the account', () => {
  it('checks the bank and number before asking the bank, focusing the first problem', () => {
    const values = { ...complete, bankCode: '', accountNumber: '123' };
    const state = wizardReducer(filled(3, { values, errors: { accountNumber: verifyFirst } }), {
      type: 'bankChecked',
    });
    expect(state.errors).toEqual({
      bankCode: 'Choose your bank',
      accountNumber: 'Account number must be 10 digits',
    });
    expect(state.focus?.targets).toEqual(['campaign-bankCode']);
    expect(bankProblems(values)).toEqual(state.errors);
  });

  it('with a valid bank and number clears their messages and asks for no focus', () => {
    const start = filled(3, { errors: { accountNumber: verifyFirst } });
    const state = wizardReducer(start, { type: 'bankChecked' });
    expect(state.errors).toEqual({});
    expect(state.focus).toBe(start.focus);
    expect(bankProblems(complete)).toEqual({});
  });

  it("takes the bank's account from a successful answer", () => {
    const answer = verifyAnswer({ ok: true, account: { ...account, accountName: 'T BELLO' } });
    const state = wizardReducer(filled(3, { account: null }), {
      type: 'verifyAnswered',
      result: answer,
    });
    expect(state.account?.accountName).toBe('T BELLO');
  });

  it("shows a refused answer's field messages and focuses the first", () => {
    const answer = verifyAnswer({ errors: { accountNumber: 'No such account', other: 'x' } });
    const state = wizardReducer(filled(3), { type: 'verifyAnswered', result: answer });
    expect(state.errors).toEqual({ accountNumber: 'No such account' });
    expect(state.focus?.targets).toEqual(['campaign-accountNumber']);
    const unreachable = wizardReducer(filled(3), {
      type: 'verifyAnswered',
      result: verifyAnswer({}),
    });
    expect(unreachable.errors).toEqual({});
    expect(unreachable.focus).toBeNull();
  });
});
