import { data } from 'react-router';
import { NotFoundView } from '../components/errors/not-found-view.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = staticPage;

/** Any address no other route claims: the not-found page, with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return pageMeta({
    title: 'Page not found',
    description: 'The page you asked for does not exist.',
  });
}

export default function NotFound() {
  return <NotFoundView />;
}
