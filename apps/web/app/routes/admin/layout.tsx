import { Link, Outlet, useLocation } from 'react-router';
import { adminSections, currentAdminSection } from '../../features/admin/admin-nav.ts';
import { requireAdmin } from '../../lib/admin.server.ts';
import type { Route } from './+types/layout';

/** Every /admin page: admins only (checked here and by the API on every call). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireAdmin(context, request);
  return { admin: { firstName: user.firstName, lastName: user.lastName } };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const current = currentAdminSection(pathname);
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 md:grid-cols-[15rem_1fr] md:px-6 md:py-10">
      <aside aria-label="Admin" className="space-y-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
          <p className="text-sm text-slate-600">
            Signed in as {loaderData.admin.firstName} {loaderData.admin.lastName}
          </p>
        </div>
        <nav aria-label="Admin sections">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {adminSections.map((section) => (
              <li key={section.href}>
                <Link
                  to={section.href}
                  aria-current={current === section.href ? 'page' : undefined}
                  className="flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-800 hover:bg-brand-50 aria-[current=page]:bg-brand-100 aria-[current=page]:font-semibold aria-[current=page]:text-brand-900"
                >
                  {section.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
