import { personNameRules } from '@ipatient/contracts/account-rules';
import { brandText } from '@ipatient/contracts/brand';
import { Form } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { inputClass, TextField } from '../../components/ui/form-field.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';
import type { AccountUser } from './account-user.ts';
import { NewPasswordField } from './new-password-field.tsx';
import { PersonalDetailsFields } from './personal-details-fields.tsx';

const headingClass = 'text-xl font-bold text-slate-900';
const cardClass = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6';

interface ProfileFormProps {
  user: AccountUser;
  result: ActionResult | undefined;
}

/** Account Information (docs/product.md#account-page): the profile fields and 'Apply Changes'. */
export function ProfileForm({ user, result }: ProfileFormProps) {
  const errors = result?.errors ?? {};
  const values = result?.values;
  return (
    <section aria-labelledby="account-information-title" className={cardClass}>
      <h2 id="account-information-title" className={headingClass}>
        Account Information
      </h2>
      <Form method="post" className="mt-5 space-y-5">
        <CsrfField />
        <input type="hidden" name="intent" value="profile" />
        <FormAlert message={result?.message} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="profile-firstName"
            label="First Name"
            name="firstName"
            autoComplete="given-name"
            required
            maxLength={personNameRules.maxLength}
            defaultValue={values?.firstName ?? user.firstName}
            error={errors.firstName}
          />
          <TextField
            id="profile-lastName"
            label="Last Name"
            name="lastName"
            autoComplete="family-name"
            required
            maxLength={personNameRules.maxLength}
            defaultValue={values?.lastName ?? user.lastName}
            error={errors.lastName}
          />
          <div>
            <label htmlFor="profile-email" className="block text-sm font-semibold text-slate-900">
              Email Address
            </label>
            <input
              id="profile-email"
              type="email"
              value={user.email}
              readOnly
              aria-describedby="profile-email-hint"
              className={inputClass.replace('bg-white', 'bg-slate-100')}
            />
            <p id="profile-email-hint" className="mt-1.5 text-sm text-slate-600">
              Changing your email address is not available yet.
            </p>
          </div>
          <TextField
            id="profile-phone"
            label="Phone Number"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            defaultValue={values?.phone ?? user.phone}
            error={errors.phone}
          />
        </div>
        <PersonalDetailsFields
          idPrefix="profile"
          values={{
            age: values?.age ?? user.age,
            gender: values?.gender ?? user.gender,
            address: values?.address ?? user.address,
            state: values?.state ?? user.state,
            lga: values?.lga ?? user.lga,
          }}
          errors={errors}
        />
        <button type="submit" className={buttonClass('primary')}>
          Apply Changes
        </button>
      </Form>
    </section>
  );
}

/** Where the account page offers to volunteer; the "Volunteer as an advocate" links lead here. */
export const advocateSectionPath = '/account#advocate';

/**
 * Volunteering as an advocate, and stopping: one button that says what it will do. A facility
 * account speaks for a hospital or clinic, so it is told why it cannot (the API refuses it too).
 */
export function AdvocateForm({ user, result }: ProfileFormProps) {
  const facility = user.isFacility;
  return (
    <section id="advocate" aria-labelledby="advocate-title" className={`scroll-mt-24 ${cardClass}`}>
      <h2 id="advocate-title" className={headingClass}>
        {brandText('{product} Advocate')}
      </h2>
      <p className="mt-3 text-slate-700">
        {brandText(
          '{product} Advocates help other members raise complaints about their care and follow them up with the hospital or clinic. You can stop at any time.',
        )}
      </p>
      {facility ? (
        <p className="mt-3 text-slate-700">
          Facility accounts cannot volunteer as advocates. Volunteer from a personal account.
        </p>
      ) : (
        <Form method="post" className="mt-5 space-y-4">
          <CsrfField />
          <input type="hidden" name="intent" value="advocate" />
          <input type="hidden" name="isAdvocate" value={user.isAdvocate ? 'false' : 'true'} />
          <FormAlert message={result?.message} />
          <p className="font-semibold text-slate-900">
            {user.isAdvocate
              ? 'You are volunteering as an advocate. Thank you.'
              : 'You are not volunteering as an advocate.'}
          </p>
          <button type="submit" className={buttonClass(user.isAdvocate ? 'secondary' : 'primary')}>
            {user.isAdvocate ? 'Stop volunteering' : 'Volunteer as an advocate'}
          </button>
        </Form>
      )}
    </section>
  );
}

/** Change Password (docs/product.md#account-page): Old Password, New Password, 'Change password'. */
export function ChangePasswordForm({ result }: { result: ActionResult | undefined }) {
  const errors = result?.errors ?? {};
  return (
    <section aria-labelledby="change-password-title" className={cardClass}>
      <h2 id="change-password-title" className={headingClass}>
        Change Password
      </h2>
      <Form method="post" className="mt-5 space-y-5">
        <CsrfField />
        <input type="hidden" name="intent" value="password" />
        <FormAlert message={result?.message} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="currentPassword"
            label="Old Password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={errors.currentPassword}
          />
          <NewPasswordField
            id="newPassword"
            label="New Password"
            name="newPassword"
            error={errors.newPassword}
          />
        </div>
        <button type="submit" className={buttonClass('primary')}>
          Change password
        </button>
      </Form>
    </section>
  );
}
