import { data } from 'react-router';
import { NotFoundView } from '../features/errors/not-found-view.tsx';

/** Not built yet: answers 404 until its page lands. */
export function loader() {
  return data(null, { status: 404 });
}

export default function Placeholder() {
  return <NotFoundView />;
}
