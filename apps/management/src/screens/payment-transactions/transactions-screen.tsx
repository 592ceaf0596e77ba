import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { buttonClass } from '@brigade/ui/components/button';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePaymentRights, useTransactions } from '../../payments-kit/payments-api';
import { PAYMENT_PATHS } from '../../payments-kit/ui';
import { TransactionFilterForm } from './filter-form';
import {
  activeFilterCount,
  apiFiltersOf,
  filtersFromSearch,
  type ListFilters,
  searchFromFilters,
} from './transaction-filters';
import { TransactionList } from './transaction-list';

/** The restaurant's card transactions, newest first, filtered by what the URL says. */
export function TransactionsScreen() {
  const { take } = usePaymentRights();
  const [search, setSearch] = useSearchParams();
  const searchText = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query's text is what the filters follow
  const filters = useMemo(() => filtersFromSearch(search), [searchText]);
  const apiFilters = useMemo(() => apiFiltersOf(filters), [filters]);
  const list = useTransactions(apiFilters);
  const { refetch } = list;
  const apply = useCallback(
    (next: ListFilters) => {
      const nextSearch = searchFromFilters(next);
      if (nextSearch.toString() === searchText) void refetch();
      else setSearch(nextSearch);
    },
    [setSearch, searchText, refetch],
  );
  return (
    <>
      <PageHeader
        title="Transactions"
        description="Card payments and refunds of this restaurant, newest first."
        actions={
          take && (
            <Link className={buttonClass('primary')} to={PAYMENT_PATHS.terminal}>
              New payment
            </Link>
          )
        }
      />
      <section className="pay-transactions" aria-label="Transactions and filters">
        <TransactionFilterForm filters={filters} onApply={apply} />
        <TransactionList
          list={list}
          filtering={activeFilterCount(filters) > 0}
          onClearFilters={() => apply({})}
        />
      </section>
    </>
  );
}
