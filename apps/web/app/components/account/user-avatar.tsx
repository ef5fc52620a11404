import { type HeaderUser, initialOf } from '../../lib/session.tsx';

const sizes = {
  sm: 'h-9 w-9 text-base',
  lg: 'h-28 w-28 text-4xl',
} as const;

const pixels = { sm: 36, lg: 112 } as const;

interface UserAvatarProps {
  user: HeaderUser;
  size?: keyof typeof sizes;
  /** Empty when the name is written next to it. */
  alt?: string;
  /** A photo chosen but not uploaded yet (object URL), shown instead. */
  previewSrc?: string | undefined;
}

/** The user's photo from the image server, or the first letter of the first name. */
export function UserAvatar({ user, size = 'sm', alt = '', previewSrc }: UserAvatarProps) {
  const src = previewSrc ?? (user.image ? `/images/${user.image}` : undefined);
  if (src) {
    return (
      <img
        src={src}
        alt={alt}
        width={pixels[size]}
        height={pixels[size]}
        decoding="async"
        className={`${sizes[size]} shrink-0 rounded-full bg-brand-100 object-cover`}
      />
    );
  }
  const initial = user.initial ?? initialOf(user.firstName);
  const className = `${sizes[size]} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white`;
  if (alt) {
    return (
      <span role="img" aria-label={alt} className={className}>
        {initial}
      </span>
    );
  }
  return (
    <span aria-hidden="true" className={className}>
      {initial}
    </span>
  );
}
