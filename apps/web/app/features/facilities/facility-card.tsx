import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { PaysDirectBadge, TopRatedBadge, VerifiedBadge } from './facility-badges.tsx';
import { FacilityImage } from './facility-image.tsx';
import { facilityPath, reviewCountText } from './facility-text.ts';
import type { Facility } from './facility-types.ts';
import { RatingStars, ratingFigure } from './rating-stars.tsx';

interface FacilityCardProps {
  facility: Facility;
  /** The first row: its images load at once, the rest lazily. */
  priority?: boolean;
}

/** A facility in the directory: photo, name, rating, reviews, place, services and badges. */
export function FacilityCard({ facility, priority = false }: FacilityCardProps) {
  const headingId = `facility-${facility._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <FacilityImage
        facility={facility}
        alt=""
        layout="(min-width: 1152px) 360px, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw"
        priority={priority}
        className="aspect-[16/10] w-full"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        {facility.isTopRated || facility.verified || facility.paysDirect ? (
          <div className="flex flex-wrap gap-2">
            {facility.isTopRated ? <TopRatedBadge /> : null}
            {facility.verified ? <VerifiedBadge /> : null}
            {facility.paysDirect ? <PaysDirectBadge /> : null}
          </div>
        ) : null}
        <h3 id={headingId} className="text-lg font-bold text-slate-900">
          {facility.name}
        </h3>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span className="text-base font-bold text-slate-900" aria-hidden="true">
            {ratingFigure(facility.averageRating)}
          </span>
          <RatingStars rating={facility.averageRating} />
          <span>({reviewCountText(facility.reviewCount)})</span>
        </p>
        <p className="flex items-start gap-1.5 text-sm text-slate-700">
          <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
          <span>
            <span className="sr-only">Location: </span>
            {facility.location}
          </span>
        </p>
        {facility.services.length > 0 ? (
          <ul aria-label="Services" className="flex flex-wrap gap-1.5">
            {facility.services.map((service) => (
              <li
                key={service}
                className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800"
              >
                {service}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto pt-2">
          <Link
            to={facilityPath(facility._id)}
            aria-describedby={headingId}
            className={buttonClass('secondary')}
          >
            See reviews
          </Link>
        </div>
      </div>
    </article>
  );
}
