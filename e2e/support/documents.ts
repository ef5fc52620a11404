import { lagosToday } from '@ipatient/contracts/evidence';

/** A small, valid-looking PDF (the server reads the type from its first bytes). */
export function tinyPdf(text = 'Hospital bill'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** A file Playwright can set on a file input or send as a multipart part. */
export function pdfFile(name: string, text = name) {
  return { name, mimeType: 'application/pdf', buffer: tinyPdf(text) };
}

/** The approval checklist with every item, as the API takes it. */
export function completeChecklist(date = lagosToday()) {
  return {
    documentsNameBeneficiary: true,
    hospitalConfirmedVia: 'phone',
    hospitalConfirmedBy: 'Mrs Bello, billing officer',
    hospitalConfirmedOn: date,
    accountNameMatches: 'beneficiary',
  } as const;
}
