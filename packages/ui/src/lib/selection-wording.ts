/** Wording per context. */
export const SELECTION_CONTEXTS = ['menu', 'management', 'pos', 'default'] as const;
export type SelectionContext = (typeof SELECTION_CONTEXTS)[number];

export interface StepWording {
  title: string;
  text: string;
  empty: string;
}

export const SELECTION_WORDING: Readonly<
  Record<SelectionContext, { tenant: StepWording; restaurant: StepWording }>
> = {
  menu: {
    tenant: {
      title: 'Select Location',
      text: 'Choose your organization to view restaurant menus.',
      empty: 'No locations available',
    },
    restaurant: {
      title: 'Select Restaurant',
      text: 'Choose the restaurant to display its menu.',
      empty: 'No restaurants available for this location',
    },
  },
  management: {
    tenant: {
      title: 'Select Organization',
      text: 'Choose your organization to manage restaurant operations.',
      empty: 'No organizations available',
    },
    restaurant: {
      title: 'Select Restaurant',
      text: 'Choose the restaurant location to manage.',
      empty: 'No restaurants available for this organization',
    },
  },
  pos: {
    tenant: {
      title: 'Select Location',
      text: 'Choose your organization to access POS systems.',
      empty: 'No locations available',
    },
    restaurant: {
      title: 'Select POS Terminal',
      text: 'Choose the restaurant location for POS operations.',
      empty: 'No POS terminals available for this location',
    },
  },
  default: {
    tenant: {
      title: 'Select Organization',
      text: 'Choose your organization to continue.',
      empty: 'No organizations available',
    },
    restaurant: {
      title: 'Select Restaurant',
      text: 'Choose the restaurant location to access.',
      empty: 'No restaurants available for this organization',
    },
  },
};

// The wizard's own texts, used when no context is given.
export const WIZARD_TENANT_TITLE = 'Select Organization';
export const WIZARD_TENANT_TEXT = 'Choose your organization to access your workspace';
export const WIZARD_RESTAURANT_TITLE = 'Select Location';
export const wizardRestaurantText = (organization: string) => `Select a location within ${organization}`;

export const isSelectionContext = (value: unknown): value is SelectionContext =>
  typeof value === 'string' && (SELECTION_CONTEXTS as readonly string[]).includes(value);
