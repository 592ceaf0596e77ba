import type { ResponseOf } from '@brigade/api-client/client';
import type { getCatalogueSummary } from '@brigade/contracts/catalogue';
import { listInvitations } from '@brigade/contracts/invitations';
import { CheckIcon } from '@brigade/ui/app-shell/icons';
import { Link } from 'react-router';
import { useMoneyCurrency } from '../../payments-kit/currency';
import { formatMinor } from '../../payments-kit/format';
import { useCan } from '../../restaurant-context';

type Summary = ResponseOf<typeof getCatalogueSummary>['data'];

interface Step {
  done: boolean;
  title: string;
  text: string;
  to?: string;
  action: string;
}

/**
 * What a restaurant sets up before it takes orders on Brigade, in the order it usually happens. `canInvite`:
 * the viewer may invite people (owners and admins), so the team step leads to the Team screen.
 */
export function setupSteps(summary: Summary, canInvite = false): Step[] {
  const { setup } = summary;
  return [
    {
      done: summary.menus > 0 && summary.items > 0,
      title: 'Build your menu',
      text: 'Items with their prices, in a menu guests can read.',
      to: '/menus',
      action: 'Open menus',
    },
    {
      done: setup.websitePublished,
      title: 'Publish your website',
      text: 'Your menu, hours and "Order Now" on the web.',
      to: '/website',
      action: 'Open website',
    },
    {
      done: setup.customDomainVerified,
      title: 'Connect your domain',
      text: 'Your own address, verified, instead of the generated one.',
      to: '/domains',
      action: 'Open domains',
    },
    {
      done: setup.paymentsConnected,
      title: 'Connect card payments',
      text: 'Your CardPointe merchant account, for online orders and the terminal.',
      to: '/payments/settings',
      action: 'Open payment settings',
    },
    {
      done: setup.teamMembers > 1,
      title: 'Bring in your team',
      text:
        setup.teamMembers > 1
          ? `${setup.teamMembers} people have access.`
          : canInvite
            ? 'Invite managers and staff by email: each gets their own sign-in.'
            : 'Managers and staff get their own sign-in; an owner or admin invites them.',
      ...(canInvite ? { to: '/team' } : {}),
      action: 'Invite your team',
    },
  ];
}

/** The set-up checklist: each step done or not, with the way to it; hidden once every step is done. */
export function SetupChecklist({ summary }: { summary: Summary }) {
  const steps = setupSteps(summary, useCan(listInvitations));
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;
  return (
    <section className="ui-card dashboard-setup" aria-labelledby="dashboard-setup-title">
      <h2 id="dashboard-setup-title" className="section-title">
        Get set up · {done} of {steps.length} done
      </h2>
      <ol className="dashboard-setup__steps">
        {steps.map((step) => (
          <li
            key={step.title}
            className={step.done ? 'dashboard-setup__step is-done' : 'dashboard-setup__step'}
          >
            <span className="dashboard-setup__mark" aria-hidden="true">
              {step.done ? <CheckIcon width={16} height={16} /> : null}
            </span>
            <span className="dashboard-setup__text">
              <strong>
                {step.title}
                <span className="ui-visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
              </strong>
              <span className="ui-small ui-muted">{step.text}</span>
            </span>
            {!step.done && step.to ? (
              <Link className="ui-button ui-button--secondary ui-button--sm" to={step.to}>
                {step.action}
              </Link>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Today's online orders and sales, first on the dashboard once there are any (managers and above). */
export function TodayFigures({ today }: { today: NonNullable<Summary['today']> }) {
  const currency = useMoneyCurrency();
  if (today.orders === 0) return null;
  return (
    <section aria-labelledby="dashboard-today-title">
      <h2 id="dashboard-today-title" className="section-title">
        Today
      </h2>
      <div className="dashboard-cards">
        <Link to="/orders" className="dashboard-card" data-testid="today-orders">
          <span className="dashboard-card__label">Sales</span>
          <span className="dashboard-card__value">{today.orders}</span>
        </Link>
        <Link to="/reports" className="dashboard-card" data-testid="today-sales">
          <span className="dashboard-card__label">Net sales</span>
          <span className="dashboard-card__value">{formatMinor(today.sales, currency)}</span>
        </Link>
      </div>
    </section>
  );
}
