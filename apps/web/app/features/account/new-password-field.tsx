import { passwordRules } from '@ipatient/contracts/account-rules';
import { TextField } from '../../components/ui/form-field.tsx';

interface NewPasswordFieldProps {
  label: string;
  name: string;
  id?: string;
  error?: string | undefined;
}

/** A password being chosen: the docs/product.md#accounts rule as browser hints and as the visible hint. */
export function NewPasswordField({ label, name, id, error }: NewPasswordFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      minLength={passwordRules.minLength}
      maxLength={passwordRules.maxLength}
      hint={passwordRules.hint}
      error={error}
    />
  );
}
