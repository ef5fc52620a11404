import { evidenceLimits } from '@ipatient/contracts/evidence-rules';

/** The file types a document may be, for the file inputs' `accept`. */
export const documentAccept = 'application/pdf,image/jpeg,image/png';
const documentMegabytes = evidenceLimits.documentMaxBytes / (1024 * 1024);

/**
 * A chosen document the browser can already refuse (the server checks again, from the file's
 * own bytes): an empty file, another type, or more than 5 MB.
 */
export function documentFileProblem(file: { name: string; size: number; type: string }) {
  if (file.size === 0) return `${file.name} is empty. Choose the document again.`;
  const typeKnown = ['application/pdf', 'image/jpeg', 'image/png'].includes(file.type);
  const nameKnown = /\.(pdf|jpe?g|png)$/i.test(file.name);
  if (!typeKnown && !(file.type === '' && nameKnown)) {
    return `${file.name} is not a PDF, JPEG or PNG. Choose a scan or photo in one of those types.`;
  }
  if (file.size > evidenceLimits.documentMaxBytes) {
    return `${file.name} is ${fileSize(file.size)}: each document must be ${documentMegabytes} MB or less. Take a smaller photo or scan each page on its own.`;
  }
  return undefined;
}

/** 1.2 MB, 340 KB, 900 bytes. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
