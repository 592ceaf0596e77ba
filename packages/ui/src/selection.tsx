import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { clearStoredSelection, readStoredSelection, writeStoredSelection } from './lib/selection-storage';
import type { MyRestaurant, MyTenant } from './lib/types';

export interface SelectionValue {
  tenant: MyTenant | null;
  restaurant: MyRestaurant | null;
  namespace: string | undefined;
  selectTenant: (tenant: MyTenant | null) => void;
  setSelection: (tenant: MyTenant, restaurant: MyRestaurant) => void;
  clearSelection: () => void;
  /** True when what the page needs is chosen. */
  hasSelection: (needs?: { tenant?: boolean; restaurant?: boolean }) => boolean;
}

const SelectionContext = createContext<SelectionValue | null>(null);

/** Holds the chosen tenant and restaurant and persists them (storage rules in selection-storage). */
export function SelectionProvider({ namespace, children }: { namespace?: string; children: ReactNode }) {
  // restored synchronously so that a persisted valid selection is used immediately
  const [state, setState] = useState(() => readStoredSelection(namespace));

  const update = useCallback(
    (next: { tenant: MyTenant | null; restaurant: MyRestaurant | null }) => {
      setState(next);
      writeStoredSelection(next, namespace);
    },
    [namespace],
  );

  const value = useMemo<SelectionValue>(
    () => ({
      ...state,
      namespace,
      selectTenant: (tenant) =>
        update({
          tenant,
          restaurant: tenant && state.restaurant?.tenantId === tenant.tenantId ? state.restaurant : null,
        }),
      setSelection: (tenant, restaurant) => update({ tenant, restaurant }),
      clearSelection: () => {
        setState({ tenant: null, restaurant: null });
        clearStoredSelection(namespace);
      },
      hasSelection: ({ tenant = true, restaurant = true } = {}) =>
        (!tenant || state.tenant !== null) && (!restaurant || state.restaurant !== null),
    }),
    [state, namespace, update],
  );
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

/** useSelection outside its provider throws. */
export function useSelection(): SelectionValue {
  const value = useContext(SelectionContext);
  if (!value) throw new Error('useSelection must be used within a SelectionProvider');
  return value;
}
