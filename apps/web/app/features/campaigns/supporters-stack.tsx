import type { TCampaign } from '@ipatient/contracts/campaigns';
import { limits } from '@ipatient/contracts/constants';
import { initialsOf } from './campaign-text.ts';

interface SupportersStackProps {
  campaign: Pick<TCampaign, 'supporters' | 'donationCount'>;
  /** Larger avatars on the campaign's page. */
  size?: 'sm' | 'md';
}

const sizes = {
  sm: { box: 'h-8 w-8 text-xs', pixels: 32 },
  md: { box: 'h-10 w-10 text-sm', pixels: 40 },
} as const;

/**
 * The supporters stack: overlapping round avatars of the latest named donors (a member's photo,
 * else their initials) and "+N" for the other gifts. Says in words who gave, for screen readers;
 * nothing when nobody has given under their name yet.
 */
export function SupportersStack({ campaign, size = 'sm' }: SupportersStackProps) {
  const shown = campaign.supporters.slice(0, limits.avatarStackMax);
  if (shown.length === 0) return null;
  const rest = Math.max(0, campaign.donationCount - shown.length);
  const { box, pixels } = sizes[size];
  const ring = `${box} -ml-2 first:ml-0 shrink-0 rounded-full ring-2 ring-white`;
  const names = shown.map((supporter) => supporter.name).join(', ');
  const label =
    rest > 0 ? `Given by ${names} and ${rest.toLocaleString('en-NG')} more` : `Given by ${names}`;
  return (
    <div className="flex items-center" data-testid="supporters">
      <span className="sr-only">{label}</span>
      <ul aria-hidden="true" className="flex items-center">
        {shown.map((supporter, index) => (
          <li
            // Names may repeat (two people called Ada): the position is the key.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once
            key={index}
            title={supporter.name}
            className={ring}
          >
            {supporter.image ? (
              <img
                src={`/images/${supporter.image}`}
                alt=""
                width={pixels}
                height={pixels}
                loading="lazy"
                decoding="async"
                className={`${box} rounded-full bg-brand-100 object-cover`}
              />
            ) : (
              <span
                className={`${box} inline-flex items-center justify-center rounded-full bg-brand-700 font-bold text-white`}
              >
                {initialsOf(supporter.name)}
              </span>
            )}
          </li>
        ))}
        {rest > 0 ? (
          <li
            className={`${ring} inline-flex items-center justify-center bg-slate-100 font-semibold text-slate-800`}
          >
            +{rest > 99 ? '99' : rest}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
