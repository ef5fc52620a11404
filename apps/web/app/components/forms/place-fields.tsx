import { states } from '@ipatient/contracts/reference';
import { useEffect, useRef, useState } from 'react';
import { choosePrompts, lgaOptions, stateOptions } from '../../lib/choice-lists.ts';
import { useStaticPage } from '../../lib/hydration.ts';
import { InlineScript } from '../inline-script.tsx';
import { SelectField } from '../ui/form-field.tsx';
import { placeFieldsScript } from './place-fields-enhance.ts';

const chooseLga = choosePrompts.lga;

interface PlaceFieldsProps {
  /** Keeps ids unique when a page has several forms. */
  idPrefix: string;
  defaultState?: string | null | undefined;
  defaultLga?: string | null | undefined;
  errors: Record<string, string>;
  required?: boolean;
  /** Why the place is asked (onboarding says so; the account page does not). */
  stateHint?: string | undefined;
}

/**
 * State and LGA: the LGA list is the chosen state's, it is disabled until a state is chosen,
 * and changing the state clears it. Before JavaScript runs, the LGA list holds every LGA grouped
 * by state, so the form still works; the server checks that the two belong together either way.
 * The lists before JavaScript are HTML made once (lib/choice-lists.ts).
 */
export function PlaceFields({
  idPrefix,
  defaultState,
  defaultLga,
  errors,
  required = false,
  stateHint,
}: PlaceFieldsProps) {
  const initialState = states.find((state) => state.name === defaultState)?.name ?? '';
  const [hydrated, setHydrated] = useState(false);
  const [stateName, setStateName] = useState(initialState);
  const [lgaDefault, setLgaDefault] = useState(defaultLga ?? '');
  const stateSelect = useRef<HTMLSelectElement>(null);
  const lgaSelect = useRef<HTMLSelectElement>(null);
  const chosen = states.find((state) => state.name === stateName);
  // On a page without React in the browser, a few lines of inline script narrow the list.
  const staticPage = useStaticPage();

  // Keep what was chosen before the JavaScript arrived, then switch to the short list.
  useEffect(() => {
    const state = stateSelect.current?.value ?? '';
    const lga = lgaSelect.current?.value ?? '';
    const found = states.find((candidate) => candidate.name === state);
    setStateName(state);
    setLgaDefault(found?.lgas.includes(lga) ? lga : '');
    setHydrated(true);
  }, []);

  return (
    <div data-place-fields className="contents">
      <SelectField
        ref={stateSelect}
        id={`${idPrefix}-state`}
        name="state"
        label="State"
        required={required}
        hint={stateHint}
        onChange={(event) => {
          setStateName(event.currentTarget.value);
          setLgaDefault('');
        }}
        error={errors.state}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own state list, escaped
        dangerouslySetInnerHTML={{ __html: stateOptions(initialState || defaultState) }}
      />
      {hydrated ? (
        <SelectField
          // A new state means a new list with nothing chosen.
          key={`lga-${stateName}`}
          id={`${idPrefix}-lga`}
          name="lga"
          label="LGA"
          required={required}
          disabled={!chosen}
          defaultValue={chosen?.lgas.includes(lgaDefault) ? lgaDefault : ''}
          error={errors.lga}
          hint={chosen ? undefined : 'Choose a state first.'}
        >
          <option value="">{chooseLga}</option>
          {chosen?.lgas.map((lga) => (
            <option key={lga} value={lga}>
              {lga}
            </option>
          ))}
        </SelectField>
      ) : (
        <SelectField
          key="lga-all"
          ref={lgaSelect}
          id={`${idPrefix}-lga`}
          name="lga"
          label="LGA"
          required={required}
          error={errors.lga}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own LGA list, escaped
          dangerouslySetInnerHTML={{ __html: lgaOptions(defaultLga) }}
        />
      )}
      {staticPage ? <InlineScript code={() => placeFieldsScript({ chooseLga })} /> : null}
    </div>
  );
}
