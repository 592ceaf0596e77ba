import { listMenus } from '@brigade/contracts/menus';
import { getPublicMenuLink } from '@brigade/contracts/qr';
import { getSiteConfig } from '@brigade/contracts/site-config';
import { useSelection } from '@brigade/ui/selection';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

/** The restaurant's menus (parent menu groups), for "which menu the website opens on". */
export function useMenuChoices() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'resolved-menus', 'list'),
    queryFn: async ({ signal }) =>
      (await apiClient.call(listMenus, { params: { tenantId, restaurantId }, signal })).data,
  });
}

/** Where the public site and its menu are (the primary usable domain, else the site's /{slug}). */
export function usePublicLink() {
  const { restaurantId } = useCurrentRestaurant();
  const { restaurant } = useSelection();
  const guid = restaurant?.guid ?? '';
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'public-link'),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getPublicMenuLink, { params: { restaurantGuid: guid }, signal })).data,
    enabled: guid !== '',
  });
}

/** The platform's site configuration: layout templates, colour schemes, fallback images. */
export function useSiteConfig() {
  return useQuery({
    queryKey: ['site-config'],
    queryFn: async ({ signal }) => (await apiClient.call(getSiteConfig, { signal })).data.siteConfig,
    retry: false,
  });
}
