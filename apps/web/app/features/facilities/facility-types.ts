import type {
  TFacility,
  TFacilityDetail,
  TFacilityReview,
  TMyFacilityReview,
  TOwnFacilityReview,
} from '@ipatient/contracts/facilities';
import type { ImageSize } from '../../components/ui/responsive-image.tsx';

/** A facility as the pages show it: its stored sizes as the image component wants them. */
export type Facility = Omit<TFacility, 'imageSizes'> & { imageSizes: ImageSize[] };

/** A review; public ones have no rejection reason (null). */
export type Review = TOwnFacilityReview;

export type FacilityDetail = Omit<TFacilityDetail, 'imageSizes' | 'myReview'> & {
  imageSizes: ImageSize[];
  myReview: Review | null;
};

export type RatingBreakdown = TFacilityDetail['ratingBreakdown'];

/** One of the member's own reviews on the account page. */
export type MyReview = TMyFacilityReview;

export interface ListPage<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

/** The API stores sizes by `key`; the image component serves `path` (both under /images). */
function imageSizesOf(sizes: TFacility['imageSizes'] | undefined): ImageSize[] {
  return (sizes ?? []).map((size) => ({ width: size.width, height: size.height, path: size.key }));
}

export function toFacility(facility: TFacility): Facility {
  return { ...facility, imageSizes: imageSizesOf(facility.imageSizes) };
}

export function toReview(review: TFacilityReview | TOwnFacilityReview): Review {
  return {
    ...review,
    rejectionReason: 'rejectionReason' in review ? review.rejectionReason : null,
  };
}

export function toFacilityDetail(facility: TFacilityDetail): FacilityDetail {
  return {
    ...facility,
    imageSizes: imageSizesOf(facility.imageSizes),
    myReview: facility.myReview ? toReview(facility.myReview) : null,
  };
}
