import type { CampaignField } from '@ipatient/contracts/campaign-rules';
import { describe, expect, it } from 'vitest';
import type { WizardDraft } from './wizard-draft.ts';
import {
  type CoverImage,
  coverMissing,
  emptyValues,
  type VerifiedAccount,
  verifyFirst,
  type WizardEdit,
  type WizardValues,
} from './wizard-model.ts';
import {
  bankProblems,
  coverNotKept,
  initialWizardState,
  ownNameFill,
  readyToSend,
  termsRequired,
  type WizardViewState,
  wizardReducer,
} from './wizard-reducer.ts';
import type { SubmitResult, VerifyResult } from './wizard-results.ts';

const complete: WizardValues = {
  ...emptyValues,
  title: 'Help Tolu get heart surgery',
  category: 'Emergency Treatment/Surgery',
  state: 'Lagos',
  lga: 'Ikeja',
  address: '12 Allen Avenue',
  description: 'Tolu is four and was born with a hole in her heart; this pays for the surgery.',
  beneficiaryType: 'someone else',
  fundraisingFor: 'Tolu Bello',
  bankCode: '044',
  accountNumber: '0123456789',
  amountNeeded: '1500000',
  duration: '3 months',
};

const account: VerifiedAccount = {
  accountName: 'TOLU BELLO',
  accountNumber: '0123456789',
  bankCode: '044',
  bank: 'Access Bank',
  provider: 'sandbox',
  checkDigitMatches: true,
};

const cover: CoverImage = {
  dataUrl: 'data:image/png;base64,AAAA',
  name: 'tolu.png',
  type: 'image/png',
};

const edit: WizardEdit = {
  values: complete,
  account: { ...account, provider: 'saved' },
  coverUrl: '/images/campaigns/tolu-1200.webp',
  raised: 5000,
};

const fresh = () => initialWizardState({ postedResult: undefined });

/** The organiser changes one field of the form. */
const typing = (field: CampaignField, value: string) =>
  ({ type: 'fieldChanged', field, value, organiserName: 'Ada Obi' }) as const;

/** A new campaign in the browser with everything filled in, on the given step. */
function filled(step: WizardViewState['step'], extra: Partial<WizardViewState> = {}) {
  return {
    ...fresh(),
    enhanced: true,
    values: complete,
    cover,
    account,
    step,
    reached: step,
    ...extra,
  } satisfies WizardViewState;
}

const submitFailure = (errors: Record<string, string>): SubmitResult => ({
  ok: false,
  intent: 'submit',
  message: 'Your campaign could not be submitted',
  detail: 'The service is busy.',
  errors,
  values: {},
  toastId: '1',
});

const verifyAnswer = (answer: Partial<VerifyResult>): VerifyResult => ({
  ok: false,
  intent: 'verify',
  message: 'We could not reach the bank.',
  errors: {},
  account: null,
  bankCode: '044',
  accountNumber: '0123456789',
  toastId: '2',
  ...answer,
});

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
    expect(state).toMatchObject({ enhanced: true, step: 4, reached: 5, values: typed });
    const plain = wizardReducer(base, { type: 'startedEditing', typed, postedFields: [] });
    expect(plain.step).toBe(1);
  });

  it('restores the draft under what was typed and opens the first step left to do', () => {
    const draft: WizardDraft = { values: complete, account, step: 4, cover: null };
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
    expect(state).toMatchObject({ enhanced: true, step: 2, reached: 4, terms: true });
    expect(state.account).toEqual(account);
    // The fields show other values than the long form had: they are drawn again.
    expect(state.fieldsKey).toBe(1);
  });

  it('opens the draft on its own step when nothing is missing, or on a posted error', () => {
    const draft: WizardDraft = { values: complete, account, step: 3, cover };
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
    const forward = wizardReducer(filled(1, { errors }), { type: 'goTo', step: 4 });
    expect(forward).toMatchObject({ step: 4, reached: 4 });
    expect(forward.errors).toEqual({ amountNeeded: 'Goal is required' });
  });

  it('stays put when asked for the current step', () => {
    const state = filled(2);
    expect(wizardReducer(state, { type: 'goTo', step: 2 })).toBe(state);
  });

  it('stops on the first incomplete step, shows its problems and focuses the first one', () => {
    const state = filled(1, { cover: null });
    const next = wizardReducer(state, { type: 'goTo', step: 5 });
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

  it('Next moves on when the step is complete', () => {
    expect(wizardReducer(filled(2), { type: 'next' })).toMatchObject({ step: 3, reached: 3 });
  });

  it('Submit without the terms asks for them; with them nothing changes here', () => {
    const asked = wizardReducer(filled(5), { type: 'next' });
    expect(asked.errors.terms).toBe(termsRequired);
    expect(asked.focus?.targets).toEqual(['campaign-terms']);
    const ready = filled(5, { terms: true });
    expect(readyToSend(ready)).toBe(true);
    expect(wizardReducer(ready, { type: 'next' })).toBe(ready);
    expect(readyToSend(filled(5))).toBe(false);
    expect(readyToSend(filled(4, { terms: true }))).toBe(false);
  });

  it('the edit screen needs no terms, and the saved cover counts as a cover', () => {
    const base = initialWizardState({ edit, postedResult: undefined });
    const state = { ...base, enhanced: true, step: 5 as const };
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
    const asked = filled(5, { errors: { terms: termsRequired } });
    const ticked = wizardReducer(asked, { type: 'termsChanged', checked: true });
    expect(ticked).toMatchObject({ terms: true, errors: {} });
    const unticked = wizardReducer(asked, { type: 'termsChanged', checked: false });
    expect(unticked).toMatchObject({ terms: false, errors: { terms: termsRequired } });
  });
});

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

describe('wizardReducer: the answer to a submission', () => {
  it('a success changes nothing here', () => {
    const state = filled(5, { terms: true });
    const ok = { ...submitFailure({}), ok: true };
    expect(wizardReducer(state, { type: 'submitAnswered', result: ok })).toBe(state);
  });

  it('opens the first step with a refused field and focuses it', () => {
    const result = submitFailure({ amountNeeded: 'Goal is too high', description: 'Too short' });
    const state = wizardReducer(filled(5, { terms: true }), { type: 'submitAnswered', result });
    expect(state.step).toBe(1);
    expect(state.errors).toEqual(result.errors);
    expect(state.focus?.targets).toEqual(['campaign-description', 'campaign-step-1-title']);
  });

  it('a refusal about no field clears the messages and focuses the explanation', () => {
    const start = filled(5, { terms: true, errors: { title: 'old' } });
    const state = wizardReducer(start, { type: 'submitAnswered', result: submitFailure({}) });
    expect(state).toMatchObject({ step: 5, errors: {} });
    expect(state.focus?.targets).toEqual(['campaign-submit-alert']);
  });
});
