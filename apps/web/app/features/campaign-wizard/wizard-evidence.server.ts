import type { TCampaignDocument } from '@ipatient/contracts/evidence';
import {
  type CampaignDocumentKind,
  campaignDocumentKinds,
} from '@ipatient/contracts/evidence-rules';
import { data, type RouterContextProvider } from 'react-router';
import { getApi } from '../../lib/api-context.ts';
import { apiMessage, formText, withCookies } from '../../lib/forms.server.ts';
import {
  type FacilityOption,
  type FacilitySearchResult,
  listedFacility,
} from './facility-field.tsx';
import { documentFields, type WizardDocument } from './wizard-model.ts';
import type { UploadResult } from './wizard-results.ts';

type Context = Readonly<RouterContextProvider>;

const uploadRefused = 'The document could not be uploaded.';

function asWizardDocument(document: TCampaignDocument): WizardDocument {
  return {
    id: document.id,
    kind: document.kind,
    fileName: document.fileName,
    sizeBytes: document.sizeBytes,
  };
}

function asKind(value: string): CampaignDocumentKind | undefined {
  return campaignDocumentKinds.find((kind) => kind === value);
}

/** POST /campaign-documents: one file of one kind; the API's answer as the wizard reads it. */
async function sendDocument(
  context: Context,
  form: FormData,
  kind: CampaignDocumentKind,
  file: File,
): Promise<{ result: UploadResult; status: number; setCookies: readonly string[] }> {
  const upload = new FormData();
  upload.set('kind', kind);
  upload.set('file', file, file.name || 'document');
  const response = await getApi(context, form).evidence.upload({ form: upload });
  if (response.ok) {
    return {
      result: {
        ok: true,
        intent: 'upload-document',
        kind,
        document: asWizardDocument(response.body.result),
        message: '',
      },
      status: 200,
      setCookies: response.setCookies,
    };
  }
  const errors = response.body.errors ?? {};
  const message = errors.file ?? errors.kind ?? apiMessage(response.body, uploadRefused);
  return {
    result: { ok: false, intent: 'upload-document', kind, document: null, message },
    status: response.status >= 400 && response.status < 600 ? response.status : 500,
    setCookies: response.setCookies,
  };
}

/** The wizard's 'upload-document' (a JSON post from the documents step). */
export async function uploadDocument(context: Context, form: FormData) {
  const kind = asKind(formText(form, 'kind')) ?? 'other';
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) {
    const result: UploadResult = {
      ok: false,
      intent: 'upload-document',
      kind,
      document: null,
      message: 'Choose a file to upload.',
    };
    return data(result, { status: 400 });
  }
  const sent = await sendDocument(context, form, kind, file);
  return data(sent.result, { status: sent.status, headers: withCookies(sent.setCookies) });
}

/** The documents a long form's post carries: uploaded earlier (kept) and files chosen now. */
export interface PostedDocuments {
  /** Uploaded, in the order they go with the campaign. */
  documents: WizardDocument[];
  /** A message per document field whose file the API refused. */
  errors: Record<string, string>;
  setCookies: string[];
}

/** The documents a refused long-form post uploaded, sent back as hidden fields. */
function keptDocuments(form: FormData): WizardDocument[] {
  return form.getAll('keptDocuments').flatMap((value) => {
    if (typeof value !== 'string') return [];
    try {
      const parsed = JSON.parse(value) as Record<string, unknown>;
      const kind = asKind(String(parsed.kind));
      if (typeof parsed.id !== 'string' || !kind) return [];
      return [
        {
          id: parsed.id,
          kind,
          fileName: typeof parsed.fileName === 'string' ? parsed.fileName : 'document',
          sizeBytes: typeof parsed.sizeBytes === 'number' ? parsed.sizeBytes : 0,
        },
      ];
    } catch {
      return [];
    }
  });
}

/**
 * The long form posted without JavaScript: each chosen file is uploaded here, one after the
 * other, beside those a refused post uploaded already (a new bill or report replaces the kept
 * one). With JavaScript the wizard sends `documentIds` instead and this finds no files.
 */
export async function uploadPostedDocuments(
  context: Context,
  form: FormData,
): Promise<PostedDocuments> {
  let documents = keptDocuments(form);
  const errors: Record<string, string> = {};
  const setCookies: string[] = [];
  for (const kind of campaignDocumentKinds) {
    const field = documentFields[kind];
    const files = form
      .getAll(field)
      .filter((value): value is File => value instanceof File && value.size > 0);
    for (const file of files) {
      const sent = await sendDocument(context, form, kind, file);
      setCookies.push(...sent.setCookies);
      if (!sent.result.ok || !sent.result.document) {
        errors[field] = `${file.name}: ${sent.result.message}`;
        continue;
      }
      const uploaded = sent.result.document;
      if (kind !== 'other') documents = documents.filter((document) => document.kind !== kind);
      documents.push(uploaded);
    }
  }
  return { documents, errors, setCookies };
}

/** The ids a post names: the wizard's `documentIds` ("id1,id2"). */
export function postedDocumentIds(form: FormData): string[] {
  return formText(form, 'documentIds')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/** The directory's facilities whose names match `search` (the first page), as suggestions. */
export async function facilityOptions(context: Context, search = ''): Promise<FacilityOption[]> {
  const response = await getApi(context).facilities.list({
    query: { ...(search ? { search } : {}), limit: 50 },
  });
  if (!response.ok) return [];
  return response.body.results.map((facility) => ({
    id: facility._id,
    name: facility.name,
    location: facility.location,
  }));
}

/** The wizard's 'search-facilities': suggestions for what is typed in the hospital field. */
export async function searchFacilities(context: Context, form: FormData) {
  const query = formText(form, 'query').trim().slice(0, 100);
  const result: FacilitySearchResult = {
    intent: 'search-facilities',
    query,
    facilities: query.length < 2 ? [] : await facilityOptions(context, query),
  };
  return result;
}

/**
 * The hospital as the API takes it: the listed facility's id (chosen in the wizard, or a typed
 * name that is exactly a listed facility's, found here for the long form), else the name.
 */
export async function postedFacility(
  context: Context,
  form: FormData,
): Promise<{ facilityId: string } | { facilityName: string } | undefined> {
  const id = formText(form, 'facilityId').trim();
  if (id) return { facilityId: id };
  const name = formText(form, 'facilityName').trim().replace(/\s+/g, ' ');
  if (!name) return undefined;
  const listed = listedFacility(await facilityOptions(context, name), name);
  return listed ? { facilityId: listed.id } : { facilityName: name };
}

/** The campaign's documents as the edit screen lists them (its organiser's own). */
export async function campaignDocuments(context: Context, id: string): Promise<WizardDocument[]> {
  const response = await getApi(context).evidence.list({ params: { id } });
  return response.ok ? response.body.results.map(asWizardDocument) : [];
}
