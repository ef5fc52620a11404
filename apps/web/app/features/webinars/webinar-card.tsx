import { formatWebinarTime, type Webinar } from '@ipatient/contracts/webinars';
import { CalendarDays } from 'lucide-react';
import { LinkButton } from '../../components/ui/link-button.tsx';
import { webinarImageBox, webinarImageUrl } from './webinar-image.ts';
import { webinarAction, webinarFormatLabel, webinarPath } from './webinar-text.ts';

/** One webinar in the list: illustration, title, subtitle, topics and its call to action. */
export function WebinarCard({ webinar }: { webinar: Webinar }) {
  const image = webinarImageUrl(webinar.image);
  const titleId = `webinar-${webinar.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="relative">
        {image ? (
          <img
            src={image}
            alt=""
            width={webinarImageBox.width}
            height={webinarImageBox.height}
            loading="lazy"
            decoding="async"
            className="aspect-[8/5] w-full object-cover"
          />
        ) : null}
        <span
          className={`absolute top-3 left-3 rounded-full px-3 py-1 text-xs font-bold ${
            webinar.format === 'on-demand'
              ? 'bg-white text-brand-900'
              : 'bg-amber-100 text-amber-900'
          }`}
        >
          {webinarFormatLabel(webinar)}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <CalendarDays aria-hidden="true" className="h-4 w-4 text-brand-700" />
          <time dateTime={webinar.date}>{formatWebinarTime(webinar)}</time>
        </p>
        <h3 id={titleId} className="mt-2 text-lg font-bold text-slate-900">
          {webinar.title}
        </h3>
        <p className="mt-1 flex-1 text-slate-700">{webinar.subtitle}</p>
        <ul aria-label="Topics" className="mt-4 flex flex-wrap gap-1.5">
          {webinar.categories.map((topic) => (
            <li
              key={topic}
              className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-900"
            >
              {topic}
            </li>
          ))}
        </ul>
        <LinkButton
          to={webinarPath(webinar.id)}
          // The visible words first (WCAG 2.5.3), then which webinar: six links say the same.
          aria-label={`${webinarAction(webinar)}: ${webinar.title}`}
          variant={webinar.format === 'on-demand' ? 'primary' : 'secondary'}
          className="mt-5 self-start"
        >
          {webinarAction(webinar)}
        </LinkButton>
      </div>
    </article>
  );
}
