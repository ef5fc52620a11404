import type {
  TAdvocacyResource,
  TComplaint,
  TComplaintHistoryEntry,
} from '@ipatient/contracts/advocacy';

/** A complaint as the API answers it (ZComplaint). */
export type Complaint = TComplaint;
export type ComplaintHistoryEntry = TComplaintHistoryEntry;
/** An ebook or video of GET /get-advocacy-files. */
export type AdvocacyResource = TAdvocacyResource;
