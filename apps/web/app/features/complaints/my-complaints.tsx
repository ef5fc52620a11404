import type { MyComplaintsTab } from './my-complaints.server.ts';

/** The account's Advocacy tab: the member's complaints and the advocacy resources. */
export function MyComplaints(_props: { data: MyComplaintsTab }) {
  return <h2 className="text-2xl font-bold text-slate-900">Advocacy</h2>;
}
