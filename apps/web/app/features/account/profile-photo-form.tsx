import { security } from '@ipatient/contracts/constants';
import { type ChangeEvent, useEffect, useState } from 'react';
import { Form } from 'react-router';
import { UserAvatar } from '../../components/account/user-avatar.tsx';
import { InlineScript } from '../../components/inline-script.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { useStaticPage } from '../../lib/hydration.ts';
import type { HeaderUser } from '../../lib/session.tsx';
import { CsrfField } from '../../lib/session.tsx';
import { photoPreviewScript } from './account-enhance.ts';

const maxMegabytes = Math.round(security.profileImageMaxBytes / (1024 * 1024));
const texts = {
  notImage: 'Choose an image file, such as a PNG or JPEG photo.',
  tooLarge: `The photo is larger than ${maxMegabytes} MB. Please choose a smaller one.`,
  previewAlt: 'Preview of your new profile photo',
  maxBytes: security.profileImageMaxBytes,
};

interface ProfilePhotoFormProps {
  user: HeaderUser;
  /** The server's answer to the last upload, when it failed. */
  error: string | undefined;
}

/**
 * The side panel's photo with its upload (docs/product.md#account-page): image types only, checked here for a quick
 * answer and by the server, which re-encodes the image. A chosen photo is previewed before it
 * is sent; without JavaScript the form simply posts the file.
 */
export function ProfilePhotoForm({ user, error }: ProfilePhotoFormProps) {
  const [preview, setPreview] = useState<string>();
  const [problem, setProblem] = useState<string>();
  // On a page without React in the browser, an inline script checks and previews the photo.
  const staticPage = useStaticPage();

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setProblem(undefined);
    setPreview(undefined);
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setProblem(texts.notImage);
      input.value = '';
      return;
    }
    if (file.size > security.profileImageMaxBytes) {
      setProblem(texts.tooLarge);
      input.value = '';
      return;
    }
    setPreview(URL.createObjectURL(file));
  };

  const message = problem ?? error;
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex flex-col items-center gap-4"
      data-photo-form
    >
      <CsrfField />
      <input type="hidden" name="intent" value="photo" />
      <div data-photo-avatar>
        <UserAvatar
          user={user}
          size="lg"
          alt={preview ? texts.previewAlt : `Profile photo of ${name}`}
          previewSrc={preview}
        />
      </div>
      <div className="w-full">
        <label htmlFor="profile-photo" className="block text-sm font-semibold text-slate-900">
          Profile photo
        </label>
        <input
          id="profile-photo"
          name="image"
          type="file"
          accept="image/*"
          required
          onChange={onChange}
          aria-invalid={message ? true : undefined}
          aria-describedby={
            message || staticPage ? 'profile-photo-error profile-photo-hint' : 'profile-photo-hint'
          }
          className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-full file:border-0 file:bg-brand-100 file:px-4 file:font-semibold file:text-brand-900 hover:file:bg-brand-200"
        />
        {message || staticPage ? (
          <p
            id="profile-photo-error"
            role="alert"
            hidden={!message}
            data-photo-problem
            className="mt-1.5 text-sm font-medium text-red-700"
          >
            {message}
          </p>
        ) : null}
        <p id="profile-photo-hint" className="mt-1.5 text-sm text-slate-600">
          An image file, up to {maxMegabytes} MB.
        </p>
      </div>
      <button type="submit" className={buttonClass('secondary', 'w-full')}>
        Upload photo
      </button>
      {staticPage ? <InlineScript code={() => photoPreviewScript(texts)} /> : null}
    </Form>
  );
}
