import { describe, expect, it } from 'vitest';
import { documentFileProblem, fileSize } from './document-files.ts';
import { listedFacility } from './facility-field.tsx';
import {
  billMissing,
  documentUploading,
  emptyValues,
  facilityChanged,
  facilityMissing,
  reportMissing,
  stepOf,
  stepProblems,
  type WizardDocument,
  type WizardValues,
} from './wizard-model.ts';
import { initialWizardState, type WizardViewState, wizardReducer } from './wizard-reducer.ts';
import type { SubmitResult, UploadResult } from './wizard-results.ts';

const bill: WizardDocument = { id: 'd1', kind: 'bill', fileName: 'bill.pdf', sizeBytes: 2048 };
const report: WizardDocument = {
  id: 'd2',
  kind: 'medical_report',
  fileName: 'report.png',
  sizeBytes: 4096,
};
const other = (id: string): WizardDocument => ({
  id,
  kind: 'other',
  fileName: `${id}.jpg`,
  sizeBytes: 100,
});

const complete: WizardValues = {
  title: 'Help Tolu get heart surgery',
  category: 'Emergency Treatment/Surgery',
  state: 'Lagos',
  lga: 'Ikeja',
  address: '12 Allen Avenue',
  description: 'Tolu is four and was born with a hole in her heart; this pays for the surgery.',
  beneficiaryType: 'someone else',
  beneficiaryConsent: 'guardian',
  consentName: 'Bisi Bello',
  consentGiven: 'on',
  firstName: '',
  lastName: '',
  fundraisingFor: 'Tolu Bello',
  bankCode: '044',
  accountNumber: '0123456789',
  amountNeeded: '1500000',
  duration: '3 months',
  facilityName: 'Lagos University Teaching Hospital',
  facilityId: '',
  diagnosis: '',
  diagnosisHidden: '',
};

/** A new campaign with steps 1 to 3 done, on the documents step. */
function onDocumentsStep(extra: Partial<WizardViewState> = {}): WizardViewState {
  return {
    ...initialWizardState({ postedResult: undefined }),
    enhanced: true,
    values: complete,
    cover: { dataUrl: 'data:image/png;base64,AAAA', name: 'c.png', type: 'image/png' },
    account: {
      accountName: 'TOLU BELLO',
      accountNumber: '0123456789',
      bankCode: '044',
      bank: 'Access Bank',
      provider: 'sandbox',
      checkDigitMatches: true,
    },
    step: 4,
    reached: 4,
    ...extra,
  };
}

const answer = (result: Partial<UploadResult>): UploadResult => ({
  ok: true,
  intent: 'upload-document',
  kind: 'bill',
  document: bill,
  message: '',
  ...result,
});

describe('the documents step', () => {
  it('refuses to go on without the bill and the report, and names each one', () => {
    const state = wizardReducer(onDocumentsStep(), { type: 'next' });
    expect(state.step).toBe(4);
    expect(state.errors).toEqual({ billDocument: billMissing, reportDocument: reportMissing });
    expect(state.focus?.targets[0]).toBe('campaign-billDocument');
    const onlyBill = wizardReducer(onDocumentsStep({ documents: [bill] }), { type: 'next' });
    expect(onlyBill.errors).toEqual({ reportDocument: reportMissing });
    const both = wizardReducer(onDocumentsStep({ documents: [bill, report] }), { type: 'next' });
    expect(both.step).toBe(5);
  });

  it('waits for an upload in flight before going on', () => {
    const state = onDocumentsStep({ documents: [report], uploading: ['bill'] });
    expect(stepProblems(4, state)).toEqual({ billDocument: documentUploading });
    expect(
      stepProblems(4, onDocumentsStep({ documents: [bill, report], uploading: ['other'] })),
    ).toEqual({ otherDocuments: documentUploading });
  });

  it("the edit screen counts the campaign's own documents", () => {
    const state = onDocumentsStep({ savedDocuments: [bill, report] });
    expect(stepProblems(4, state)).toEqual({});
  });

  it('an upload in flight clears the message; its answer adds the document', () => {
    const asked = onDocumentsStep({ errors: { billDocument: billMissing, documentIds: 'x' } });
    const sending = wizardReducer(asked, { type: 'documentUploading', kind: 'bill' });
    expect(sending).toMatchObject({ uploading: ['bill'], errors: {} });
    const done = wizardReducer(sending, { type: 'documentAnswered', result: answer({}) });
    expect(done).toMatchObject({ uploading: [], documents: [bill] });
  });

  it('a new bill replaces the old one; other documents are added', () => {
    const newBill = { ...bill, id: 'd9', fileName: 'estimate.pdf' };
    const start = onDocumentsStep({ documents: [bill, report, other('o1')] });
    const replaced = wizardReducer(start, {
      type: 'documentAnswered',
      result: answer({ document: newBill }),
    });
    expect(replaced.documents).toEqual([report, other('o1'), newBill]);
    const added = wizardReducer(start, {
      type: 'documentAnswered',
      result: answer({ kind: 'other', document: other('o2') }),
    });
    expect(added.documents).toEqual([bill, report, other('o1'), other('o2')]);
  });

  it("a refused upload shows the page's reason at its field and focuses it", () => {
    const sending = onDocumentsStep({ uploading: ['medical_report', 'medical_report'] });
    const refused = wizardReducer(sending, {
      type: 'documentAnswered',
      result: answer({
        ok: false,
        kind: 'medical_report',
        document: null,
        message: 'The file is not a PDF, JPEG or PNG',
      }),
    });
    expect(refused.errors.reportDocument).toBe('The file is not a PDF, JPEG or PNG');
    expect(refused.uploading).toEqual(['medical_report']);
    expect(refused.focus?.targets).toEqual(['campaign-reportDocument']);
    const browser = wizardReducer(onDocumentsStep(), {
      type: 'documentRefused',
      kind: 'other',
      problem: 'too big',
    });
    expect(browser.errors).toEqual({ otherDocuments: 'too big' });
  });

  it('removing a document forgets it and focuses the file input that takes its place', () => {
    const state = wizardReducer(onDocumentsStep({ documents: [bill, report] }), {
      type: 'documentRemoved',
      id: 'd2',
    });
    expect(state.documents).toEqual([bill]);
    expect(state.focus?.targets[0]).toBe('campaign-reportDocument');
  });

  it('a refused submission about the documents opens their step', () => {
    expect(stepOf('documentIds')).toBe(4);
    expect(stepOf('facilityId')).toBe(1);
    const result: SubmitResult = {
      ok: false,
      intent: 'submit',
      message: 'refused',
      detail: undefined,
      errors: { documentIds: 'Add the hospital bill or estimate and a medical report' },
      values: {},
      toastId: '1',
    };
    const state = wizardReducer(onDocumentsStep({ step: 6 }), { type: 'submitAnswered', result });
    expect(state.step).toBe(4);
  });

  it('documents a refused long-form post uploaded are kept when the wizard starts', () => {
    const posted: SubmitResult = {
      ok: false,
      intent: 'submit',
      message: 'refused',
      detail: undefined,
      errors: { title: 'Title is required' },
      values: {},
      documents: [bill],
      toastId: '1',
    };
    const base = initialWizardState({ postedResult: posted });
    expect(base.documents).toEqual([bill]);
    const started = wizardReducer(base, {
      type: 'startedFromDraft',
      typed: emptyValues,
      draft: {
        values: emptyValues,
        account: null,
        step: 1,
        cover: null,
        documents: [bill, report],
      },
      terms: false,
      postedFields: ['title'],
    });
    expect(started.documents).toEqual([bill, report]);
  });
});

describe('the hospital', () => {
  const values: WizardValues = { ...emptyValues, facilityName: '' };

  it('is asked on the details step', () => {
    const state = { ...onDocumentsStep(), values };
    expect(stepProblems(1, state).facilityName).toBe(facilityMissing);
    const named = { ...state, values: { ...values, facilityName: 'St Nicholas Hospital' } };
    expect(stepProblems(1, named).facilityName).toBeUndefined();
  });

  it('is a listed facility only when the name is exactly its name', () => {
    const options = [
      { id: 'f1', name: 'Lagos University Teaching Hospital', location: 'Idi-Araba' },
    ];
    expect(listedFacility(options, ' lagos  university teaching hospital ')?.id).toBe('f1');
    expect(listedFacility(options, 'Lagos University')).toBeUndefined();
    expect(listedFacility(options, '')).toBeUndefined();
  });

  it('changed: a new id, or a new name when neither is listed', () => {
    const saved = { ...values, facilityName: 'LUTH', facilityId: 'f1' };
    expect(facilityChanged(saved, { ...saved })).toBe(false);
    expect(facilityChanged(saved, { ...saved, facilityId: '', facilityName: 'Other' })).toBe(true);
    const unlisted = { ...values, facilityName: 'Mercy Clinic' };
    expect(facilityChanged(unlisted, { ...unlisted, facilityName: ' Mercy Clinic ' })).toBe(false);
    expect(facilityChanged(unlisted, { ...unlisted, facilityName: 'Hope Clinic' })).toBe(true);
  });
});

describe('documentFileProblem', () => {
  it('takes a PDF, JPEG or PNG of 5 MB or less', () => {
    expect(
      documentFileProblem({ name: 'a.pdf', size: 5 * 1024 * 1024, type: 'application/pdf' }),
    ).toBeUndefined();
    expect(documentFileProblem({ name: 'scan.JPG', size: 10, type: '' })).toBeUndefined();
  });

  it('refuses other types, empty files and more than 5 MB, saying why', () => {
    expect(documentFileProblem({ name: 'a.docx', size: 10, type: 'application/msword' })).toMatch(
      /a\.docx is not a PDF, JPEG or PNG/,
    );
    expect(documentFileProblem({ name: 'a.pdf', size: 0, type: 'application/pdf' })).toMatch(
      /empty/,
    );
    expect(
      documentFileProblem({ name: 'big.png', size: 5 * 1024 * 1024 + 1, type: 'image/png' }),
    ).toBe(
      'big.png is 5.0 MB: each document must be 5 MB or less. Take a smaller photo or scan each page on its own.',
    );
    expect(fileSize(2048)).toBe('2 KB');
  });
});
