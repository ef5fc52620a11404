import { latestAllowedAwardYear, siteContentLimits } from '@ipatient/contracts/site-content';
import { Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import type { ActionResult } from '../../lib/forms.ts';
import { CsrfField } from '../../lib/session.tsx';
import { siteContentFields as F, type SiteContentSlots } from './site-content-fields.ts';

const L = siteContentLimits;

interface SiteContentFormProps {
  /** The stored values by field name. */
  initial: Record<string, string>;
  slots: SiteContentSlots;
  result: ActionResult | undefined;
}

function Section({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <div className="text-sm text-slate-700">{lead}</div>
      {children}
    </section>
  );
}

/** A group of fields with a visible legend (a timeline year, an award category). */
function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 font-semibold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

const ordinal = (n: number) => String(n + 1);

/**
 * The claims and figures the public pages show: the home page's trust line, the timeline (home
 * and about pages), the awards' year and categories, and the demo notice. Saved together; a
 * row left blank is removed.
 */
export function SiteContentForm({ initial, slots, result }: SiteContentFormProps) {
  const errors = result?.errors ?? {};
  const value = (name: string) => result?.values[name] ?? initial[name] ?? '';
  const busy = useNavigation().state === 'submitting';
  const field = (name: string) => ({
    id: `sc-${name.replaceAll('.', '-')}`,
    name,
    defaultValue: value(name),
    error: errors[name],
  });
  const demoOn = (result?.values[F.demoNotice] ?? initial[F.demoNotice]) === 'on';
  return (
    <Form method="post" className="space-y-6" noValidate>
      <CsrfField />
      <FormAlert message={result?.ok === false ? result.message : undefined} />

      <Section
        id="trust-title"
        title="Home page"
        lead={<p>The short line above the home page's heading. Make sure it is true.</p>}
      >
        <TextField
          label="Trust line"
          maxLength={L.trustLineMax}
          hint={`At most ${L.trustLineMax} characters. Leave it blank to show no trust line.`}
          {...field(F.trustLine)}
        />
      </Section>

      <Section
        id="timeline-title"
        title="Timeline"
        lead={
          <p>
            The yearly record and goals on the home and about pages. An item is a figure (optional,
            shown in bold, e.g. 540) and its text (e.g. community members). Clear both to remove an
            item; clear a whole year to remove it.
          </p>
        }
      >
        {Array.from({ length: slots.years }, (_, y) => (
          <Group key={F.year(y)} legend={`Timeline year ${ordinal(y)}`}>
            <div className="grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)]">
              <TextField
                label={`Year ${ordinal(y)}`}
                inputMode="numeric"
                maxLength={4}
                {...field(F.year(y))}
              />
              <TextField
                label={`Heading of year ${ordinal(y)}`}
                maxLength={L.timelineLabelMax}
                {...field(F.label(y))}
              />
            </div>
            <ol className="space-y-3">
              {Array.from({ length: slots.items[y] ?? 0 }, (_, i) => (
                <li
                  key={F.text(y, i)}
                  className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)] sm:items-start"
                >
                  <TextField
                    label={`Figure ${ordinal(i)} of year ${ordinal(y)}`}
                    maxLength={L.figureMax}
                    {...field(F.figure(y, i))}
                  />
                  <TextField
                    label={`Item ${ordinal(i)} of year ${ordinal(y)}`}
                    maxLength={L.itemTextMax}
                    {...field(F.text(y, i))}
                  />
                </li>
              ))}
            </ol>
          </Group>
        ))}
      </Section>

      <Section
        id="awards-title"
        title="Awards"
        lead={
          <p>
            The awards page's heading shows the latest year; its year filter runs from{' '}
            {L.awardFirstYear} to that year. The award titles are listed in order; clear a title and
            its description to remove it.
          </p>
        }
      >
        <TextField
          label="Latest awards year"
          inputMode="numeric"
          maxLength={4}
          hint={`From ${L.awardFirstYear} to ${latestAllowedAwardYear()}.`}
          className="max-w-xs"
          {...field(F.awardsYear)}
        />
        {[0, 1].map((c) => (
          <Group key={F.category(c)} legend={`Award category ${ordinal(c)}`}>
            <TextField
              label={`Name of category ${ordinal(c)}`}
              maxLength={L.awardCategoryMax}
              {...field(F.category(c))}
            />
            <ol className="space-y-3">
              {Array.from({ length: slots.awards[c as 0 | 1] }, (_, a) => (
                <li key={F.awardTitle(c, a)} className="grid gap-3 sm:grid-cols-2 sm:items-start">
                  <TextField
                    label={`Award ${ordinal(a)} of category ${ordinal(c)}: title`}
                    maxLength={L.awardTitleMax}
                    {...field(F.awardTitle(c, a))}
                  />
                  <TextField
                    label={`Award ${ordinal(a)} of category ${ordinal(c)}: description`}
                    maxLength={L.awardDescriptionMax}
                    {...field(F.awardDescription(c, a))}
                  />
                </li>
              ))}
            </ol>
          </Group>
        ))}
      </Section>

      <Section
        id="demo-title"
        title="Demo notice"
        lead={
          <p>
            A site started with demo content shows a line on every page saying that its people,
            campaigns, reviews and comments are made up. Turn it off once the demo content is gone.
          </p>
        }
      >
        <Switch
          id="sc-demoNotice"
          name={F.demoNotice}
          label="Show the demo notice on every page"
          description="Visitors must never take demo people for real patients."
          defaultChecked={demoOn}
        />
      </Section>

      <button type="submit" className={buttonClass('primary')} disabled={busy}>
        <Save aria-hidden="true" className="h-4 w-4" />
        {busy ? 'Saving…' : 'Save site content'}
      </button>
    </Form>
  );
}
