import { Accordion } from '../../components/ui/accordion.tsx';
import { Section, SectionHeading } from '../../components/ui/section.tsx';
import { faq } from './faq-data.ts';

/** Frequently asked questions: one answer open at a time, each collapsible. */
export function FaqSection() {
  const items = faq.map((entry) => ({
    id: entry.id,
    title: entry.question,
    content: (
      <div className="space-y-3">
        {entry.answer.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    ),
  }));
  return (
    <Section labelledBy="faq-title" tone="tint">
      <div className="grid gap-10 lg:grid-cols-[1fr_2fr]">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions">
          <p>Everything you need to know about campaigns and Green-Heart likes.</p>
        </SectionHeading>
        <Accordion name="faq" items={items} />
      </div>
    </Section>
  );
}
