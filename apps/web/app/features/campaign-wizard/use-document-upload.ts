import { type CampaignDocumentKind, evidenceLimits } from '@ipatient/contracts/evidence-rules';
import type { ChangeEvent, Dispatch } from 'react';
import { documentFileProblem } from './document-files.ts';
import { postToPage } from './page-post.ts';
import type { WizardAction, WizardViewState } from './wizard-reducer.ts';
import type { UploadResult } from './wizard-results.ts';

const uploadFailed =
  'The document could not be uploaded. Check your connection and choose it again.';

/**
 * The documents step in the wizard: each chosen file is checked here (type, 5 MB), then
 * uploaded at once through the page ('upload-document'); the answer adds it to the wizard's
 * list or says why it was refused. Before the JavaScript runs the files go with the form.
 */
export function useDocumentUpload({
  csrf,
  state,
  dispatch,
}: {
  csrf: string;
  state: WizardViewState;
  dispatch: Dispatch<WizardAction>;
}) {
  function upload(kind: CampaignDocumentKind, file: File) {
    const problem = documentFileProblem(file);
    if (problem) {
      dispatch({ type: 'documentRefused', kind, problem });
      return;
    }
    dispatch({ type: 'documentUploading', kind });
    const body = new FormData();
    body.set('csrf', csrf);
    body.set('intent', 'upload-document');
    body.set('kind', kind);
    body.set('file', file, file.name);
    const failed: UploadResult = {
      ok: false,
      intent: 'upload-document',
      kind,
      document: null,
      message: uploadFailed,
    };
    postToPage<UploadResult>(body)
      .then((result) => dispatch({ type: 'documentAnswered', result: result ?? failed }))
      .catch(() => dispatch({ type: 'documentAnswered', result: failed }));
  }

  function choose(kind: CampaignDocumentKind, event: ChangeEvent<HTMLInputElement>) {
    // Before the JavaScript runs the long form posts the files as they are.
    if (!state.enhanced) return;
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length === 0) return;
    if (kind !== 'other') {
      upload(kind, files[0] as File);
      return;
    }
    const others = state.documents.filter((document) => document.kind === 'other').length;
    const busy = state.uploading.filter((uploading) => uploading === 'other').length;
    const room = evidenceLimits.otherDocumentsMax - others - busy;
    if (files.length > room) {
      const problem = `You can add ${room} more ${room === 1 ? 'document' : 'documents'} here (${evidenceLimits.otherDocumentsMax} at most). Choose fewer files.`;
      dispatch({ type: 'documentRefused', kind, problem });
      return;
    }
    for (const file of files) upload(kind, file);
  }

  function remove(id: string) {
    dispatch({ type: 'documentRemoved', id });
  }

  return { choose, remove };
}
