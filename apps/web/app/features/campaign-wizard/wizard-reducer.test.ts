import { consentTexts } from '@ipatient/contracts/campaign-rules';
import { describe, expect, it } from 'vitest';
import type { WizardDraft } from './wizard-draft.ts';
import { coverMissing, emptyValues, verifyFirst } from './wizard-model.ts';
import {
  account,
  bill,
  complete,
  cover,
  edit,
  filled,
  fresh,
  report,
  submitFailure,
  typing,
} from './wizard-reducer.fixtures.ts';
import {
  initialWizardState,
  ownNameFill,
  readyToSend,
  termsRequired,
  wizardReducer,
} from './wizard-reducer.ts';

describe('initialWizardState', () => {
  it('is the long form: step 1, nothing verified, no focus request', () => {
    const state = fresh();
    expect(state).toMatchObject({ enhanced: false, editing: false, step: 1, reached: 1 });
    expect(state.values).toEqual(emptyValues);
    expect(state).toMatchObject({ account: null, cover: null, currentCover: null, focus: null });
  });

  it('starts from a posted answer: its values (campaign fields only) and its errors', () => {
    const posted = submitFailure({ title: 'Title is required' });
    posted.values = { title: 'Typed title', csrf: 'token', state: 'Lagos' };
    const state = initialWizardState({ postedResult: posted });
    expect(state.values).toEqual({ ...emptyValues, title: 'Typed title', state: 'Lagos' });
    expect(state.errors).toEqual({ title: 'Title is required' });
  });

  it('starts the edit screen from the saved campaign, its account and its cover', () => {
    const state = initialWizardState({ edit, postedResult: undefined });
    expect(state).toMatchObject({ editing: true, values: complete, account: edit.account });
    expect(state.currentCover).toBe(edit.coverUrl);
  });
});

describe('wizardReducer: starting in the browser', () => {
  it('after a successful submission only switches to the enhanced view', () => {
    const state = wizardReducer(fresh(), { type: 'startedAfterSubmission' });
    expect(state).toEqual({ ...fresh(), enhanced: true });
  });

  it('on the edit screen opens every step and the first step a posted error names', () => {
    const typed = { ...complete, title: 'Typed before React' };
    const base = initialWizardState({ edit, postedResult: undefined });
    const state = wizardReducer(base, {
      type: 'startedEditing',
      typed,
      postedFields: ['amountNeeded'],
    });
    expect(state).toMatchObject({ enhanced: true, step: 5, reached: 6, values: typed });
    const plain = wizardReducer(base, { type: 'startedEditing', typed, postedFields: [] });
    expect(plain.step).toBe(1);
  });

  it('restores the draft under what was typed and opens the first step left to do', () => {
    const draft: WizardDraft = {
      values: complete,
      account,
      step: 5,
      cover: null,
      documents: [bill, report],
    };
    const typed = { ...emptyValues, title: 'Typed before React' };
    const state = wizardReducer(fresh(), {
      type: 'startedFromDraft',
      typed,
      draft,
      terms: true,
      postedFields: [],
    });
    expect(state.values).toEqual({ ...complete, title: 'Typed before React' });
    // The draft has no cover: step 2 is the first with something missing.
    expect(state).toMatchObject({ enhanced: true, step: 2, reached: 5, terms: true });
    expect(state.account).toEqual(account);
    expect(state.documents).toEqual([bill, report]);
    // The fields show other values than the long form had: they are drawn again.
    expect(state.fieldsKey).toBe(1);
  });

  it('opens the draft on its own step when nothing is missing, or on a posted error', () => {
    const draft: WizardDraft = { values: complete, account, step: 3, cover, documents: [] };
    const start = { type: 'startedFromDraft', typed: complete, draft, terms: false } as const;
    const state = wizardReducer(fresh(), { ...start, postedFields: [] });
    expect(state).toMatchObject({ step: 3, reached: 3, cover, fieldsKey: 0 });
    const posted = wizardReducer(fresh(), { ...start, postedFields: ['title'] });
    expect(posted).toMatchObject({ step: 1, reached: 3 });
  });

  it('without a draft starts on step 1', () => {
    const state = wizardReducer(fresh(), {
      type: 'startedFromDraft',
      typed: emptyValues,
      draft: null,
      terms: false,
      postedFields: [],
    });
    expect(state).toMatchObject({ step: 1, reached: 1, fieldsKey: 0, account: null });
  });
});

describe('wizardReducer: moving between steps', () => {
  it('goes back freely and forward over complete steps, clearing their messages', () => {
    const back = wizardReducer(filled(3), { type: 'goTo', step: 1 });
    expect(back).toMatchObject({ step: 1, reached: 3 });
    expect(back.focus?.targets).toEqual(['campaign-step-1-title']);
    const errors = { title: 'Title is required', amountNeeded: 'Goal is required' };
    const forward = wizardReducer(filled(1, { errors }), { type: 'goTo', step: 5 });
    expect(forward).toMatchObject({ step: 5, reached: 5 });
    expect(forward.errors).toEqual({ amountNeeded: 'Goal is required' });
  });

  it('stays put when asked for the current step', () => {
    const state = filled(2);
    expect(wizardReducer(state, { type: 'goTo', step: 2 })).toBe(state);
  });

  it('stops on the first incomplete step, shows its problems and focuses the first one', () => {
    const state = filled(1, { cover: null });
    const next = wizardReducer(state, { type: 'goTo', step: 6 });
    expect(next.step).toBe(2);
    expect(next.errors).toEqual({ image: coverMissing });
    expect(next.focus?.targets).toEqual(['campaign-image', 'campaign-step-2-title']);
  });

  it('Next checks the step: an unverified account blocks step 3', () => {
    const state = wizardReducer(filled(3, { account: null }), { type: 'next' });
    expect(state.step).toBe(3);
    expect(state.errors).toEqual({ accountNumber: verifyFirst });
    expect(state.focus?.targets[0]).toBe('campaign-accountNumber');
  });

  it('Next on step 3 asks for the agreement of someone else, and not for your own campaign', () => {
    const values = { ...complete, beneficiaryConsent: '', consentName: ' ', consentGiven: '' };
    const state = wizardReducer(filled(3, { values }), { type: 'next' });
    expect(state.step).toBe(3);
    expect(state.errors).toEqual({
      beneficiaryConsent: consentTexts.consentMissing,
      consentName: consentTexts.nameMissing,
      consentGiven: consentTexts.tickMissing,
    });
    expect(state.focus?.targets[0]).toBe('campaign-beneficiaryConsent-beneficiary');
    const own = { ...values, beneficiaryType: 'yourself' };
    expect(wizardReducer(filled(3, { values: own }), { type: 'next' }).step).toBe(4);
  });

  it('Next moves on when the step is complete', () => {
    expect(wizardReducer(filled(2), { type: 'next' })).toMatchObject({ step: 3, reached: 3 });
  });

  it('Submit without the terms asks for them; with them nothing changes here', () => {
    const asked = wizardReducer(filled(6), { type: 'next' });
    expect(asked.errors.terms).toBe(termsRequired);
    expect(asked.focus?.targets).toEqual(['campaign-terms']);
    const ready = filled(6, { terms: true });
    expect(readyToSend(ready)).toBe(true);
    expect(wizardReducer(ready, { type: 'next' })).toBe(ready);
    expect(readyToSend(filled(6))).toBe(false);
    expect(readyToSend(filled(5, { terms: true }))).toBe(false);
  });

  it('the edit screen needs no terms, and the saved cover counts as a cover', () => {
    const base = initialWizardState({ edit, postedResult: undefined });
    const state = { ...base, enhanced: true, step: 6 as const };
    expect(readyToSend(state)).toBe(true);
    expect(wizardReducer(state, { type: 'next' })).toBe(state);
  });
});

describe('wizardReducer: typing', () => {
  it('mirrors a field, and a new state empties the LGA', () => {
    const state = wizardReducer(filled(1), typing('state', 'Oyo'));
    expect(state.values).toMatchObject({ state: 'Oyo', lga: '' });
  });

  it('rechecks a field that shows a problem, and only such a field', () => {
    const start = filled(1, {
      values: { ...complete, title: '' },
      errors: { title: 'Title is required' },
    });
    const short = wizardReducer(start, typing('title', 'Help'));
    expect(short.errors.title).toBe('Title must be at least 5 characters');
    const fixed = wizardReducer(short, typing('title', 'Help Tolu'));
    expect(fixed.errors.title).toBeUndefined();
    const quiet = wizardReducer(filled(1), typing('address', ''));
    expect(quiet.errors.address).toBeUndefined();
  });

  it('names the organiser as the beneficiary when raising for themselves and no name is typed', () => {
    const blank = filled(3, { values: { ...complete, fundraisingFor: ' ' } });
    const action = typing('beneficiaryType', 'yourself');
    expect(wizardReducer(blank, action).values.fundraisingFor).toBe('Ada Obi');
    expect(ownNameFill(blank.values, 'beneficiaryType', 'yourself', 'Ada Obi')).toBe('Ada Obi');
    // A name already typed stays.
    expect(wizardReducer(filled(3), action).values.fundraisingFor).toBe('Tolu Bello');
    expect(ownNameFill(complete, 'beneficiaryType', 'yourself', 'Ada Obi')).toBeUndefined();
    expect(ownNameFill(blank.values, 'beneficiaryType', 'charity', 'Ada Obi')).toBeUndefined();
  });

  it('ticking the terms clears their message; unticking keeps the messages', () => {
    const asked = filled(6, { errors: { terms: termsRequired } });
    const ticked = wizardReducer(asked, { type: 'termsChanged', checked: true });
    expect(ticked).toMatchObject({ terms: true, errors: {} });
    const unticked = wizardReducer(asked, { type: 'termsChanged', checked: false });
    expect(unticked).toMatchObject({ terms: false, errors: { terms: termsRequired } });
  });
});

describe('wizardReducer: the answer to a submission', () => {
  it('a success changes nothing here', () => {
    const state = filled(6, { terms: true });
    const ok = { ...submitFailure({}), ok: true };
    expect(wizardReducer(state, { type: 'submitAnswered', result: ok })).toBe(state);
  });

  it('opens the first step with a refused field and focuses it', () => {
    const result = submitFailure({ amountNeeded: 'Goal is too high', description: 'Too short' });
    const state = wizardReducer(filled(6, { terms: true }), { type: 'submitAnswered', result });
    expect(state.step).toBe(1);
    expect(state.errors).toEqual(result.errors);
    expect(state.focus?.targets).toEqual(['campaign-description', 'campaign-step-1-title']);
  });

  it('a refusal about no field clears the messages and focuses the explanation', () => {
    const start = filled(6, { terms: true, errors: { title: 'old' } });
    const state = wizardReducer(start, { type: 'submitAnswered', result: submitFailure({}) });
    expect(state).toMatchObject({ step: 6, errors: {} });
    expect(state.focus?.targets).toEqual(['campaign-submit-alert']);
  });
});
