import { SelectField } from '../../components/ui/form-field.tsx';
import { genderOptions } from '../../lib/choice-lists.ts';

interface GenderFieldProps {
  id: string;
  defaultValue?: string | null | undefined;
  error?: string | undefined;
  required?: boolean;
  hint?: string | undefined;
}

/** The gender select; its options are HTML made once (lib/choice-lists.ts). */
export function GenderField({ id, defaultValue, error, required = false, hint }: GenderFieldProps) {
  return (
    <SelectField
      id={id}
      name="gender"
      label="Gender"
      required={required}
      hint={hint}
      error={error}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own gender list, escaped
      dangerouslySetInnerHTML={{ __html: genderOptions(defaultValue) }}
    />
  );
}
