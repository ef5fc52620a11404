import { adminLimits, type TContactMessage } from '@ipatient/contracts/admin';
import { queryText } from './admin-list.ts';

export const messageStatusFilters = [
  { value: 'new', label: 'New' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
] as const;
export type MessageStatusFilter = (typeof messageStatusFilters)[number]['value'];

/** One message of the inbox. */
export type ContactMessage = Omit<TContactMessage, '_id'> & { id: string };

export function toContactMessage({ _id, ...message }: TContactMessage): ContactMessage {
  return { id: _id, ...message };
}

/** The filters of the inbox, from the page's address: new messages unless another status. */
export function readMessageFilters(params: URLSearchParams) {
  const wanted = queryText(params, 'status');
  const status: MessageStatusFilter =
    messageStatusFilters.find((s) => s.value === wanted)?.value ?? 'new';
  const search = queryText(params, 'search', adminLimits.searchMax);
  return { status, search };
}
