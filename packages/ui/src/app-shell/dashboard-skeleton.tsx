import { Skeleton } from '../components/skeleton';

/**
 * Dashboard loading placeholder: a sidebar (a title and 4 link rows), a header row,
 * 4 summary cards and a list — 3 card rows on small screens, 5 table rows on wide screens (CSS decides).
 * Inside the shell the real sidebar is already there, so `withSidebar` is off.
 */
export function DashboardSkeleton({ withSidebar = false }: { withSidebar?: boolean }) {
  return (
    <div
      className={withSidebar ? 'skeleton-dashboard skeleton-dashboard--page' : 'skeleton-dashboard'}
      role="status"
      aria-busy="true"
      aria-label="Loading dashboard"
      data-testid="dashboard-skeleton"
    >
      {withSidebar && (
        <div className="skeleton-dashboard__sidebar">
          <Skeleton width="60%" height="1.25rem" />
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} width={`${80 - row * 8}%`} height="1rem" />
          ))}
        </div>
      )}
      <div className="skeleton-dashboard__main">
        <div className="skeleton-dashboard__header">
          <Skeleton width="12rem" height="1.75rem" />
          <Skeleton width="7rem" height="2.25rem" />
        </div>
        <div className="skeleton-dashboard__cards">
          {[0, 1, 2, 3].map((card) => (
            <div key={card} className="skeleton-dashboard__card">
              <Skeleton width="50%" height="0.75rem" />
              <Skeleton width="35%" height="1.75rem" />
            </div>
          ))}
        </div>
        <div className="skeleton-dashboard__list skeleton-dashboard__list--cards">
          {[0, 1, 2].map((row) => (
            <div key={row} className="skeleton-dashboard__card-row">
              <Skeleton width="70%" />
              <Skeleton width="40%" height="0.75rem" />
            </div>
          ))}
        </div>
        <div className="skeleton-dashboard__list skeleton-dashboard__list--table">
          {[0, 1, 2, 3, 4].map((row) => (
            <div key={row} className="skeleton-dashboard__table-row">
              <Skeleton width="30%" />
              <Skeleton width="20%" />
              <Skeleton width="15%" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
