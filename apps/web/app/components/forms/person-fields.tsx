import { TextField } from '../ui/form-field.tsx';

interface PersonFieldsProps {
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
  /** The API's longest first or last name. */
  nameMax: number;
}

/**
 * First Name, Last Name, Email and Phone Number, as the contact and the webinar forms both ask
 * them; the API checks each and its errors come back beside them.
 */
export function PersonFields({ values, errors, nameMax }: PersonFieldsProps) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label="First Name"
        name="firstName"
        autoComplete="given-name"
        required
        maxLength={nameMax}
        defaultValue={values.firstName}
        error={errors.firstName}
      />
      <TextField
        label="Last Name"
        name="lastName"
        autoComplete="family-name"
        required
        maxLength={nameMax}
        defaultValue={values.lastName}
        error={errors.lastName}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={values.email}
        error={errors.email}
      />
      <TextField
        label="Phone Number"
        name="phone"
        type="tel"
        autoComplete="tel"
        required
        hint="A Nigerian number, or an international one starting with +"
        defaultValue={values.phone}
        error={errors.phone}
      />
    </div>
  );
}
