import { LinkButton } from '../../components/ui/link-button.tsx';

interface HeaderAccountProps {
  layout: 'desktop' | 'mobile';
}

/**
 * The account corner of the header. Visitors get Sign Up and Log In; when accounts land, the
 * root loader will pass the signed-in user and this component will render the user menu
 * instead (avatar or initial, name, Profile → /account, Logout), as SPEC §2 describes.
 */
export function HeaderAccount({ layout }: HeaderAccountProps) {
  const wide = layout === 'mobile' ? 'w-full' : '';
  return (
    <div className={layout === 'mobile' ? 'grid grid-cols-2 gap-3' : 'flex items-center gap-2'}>
      <LinkButton to="/login" variant="secondary" className={wide}>
        Log In
      </LinkButton>
      <LinkButton to="/signup" className={wide}>
        Sign Up
      </LinkButton>
    </div>
  );
}
