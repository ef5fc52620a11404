/**
 * The key of a mailbox: one account per key, so one person cannot open many accounts with the
 * spellings of one mailbox. Lower-cased; a "+tag" is dropped from the part before the "@" for
 * every domain; for gmail.com and googlemail.com the dots are dropped too and the domain is
 * gmail.com. The same rule as the backfill in packages/db/migrations/0014_data_protection.sql.
 */
export function emailKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.indexOf('@');
  const local = at === -1 ? address : address.slice(0, at);
  const rest = at === -1 ? '' : address.slice(at + 1);
  // Like PostgreSQL's split_part(email, '@', 2): the domain stops at a second "@".
  const domain = rest.split('@')[0] ?? '';
  const untagged = local.split('+')[0] ?? '';
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    return `${untagged.replaceAll('.', '')}@gmail.com`;
  }
  return `${untagged}@${domain}`;
}
