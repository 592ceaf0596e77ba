import type { BodyInput, Jsonify } from '@brigade/api-client/client';
import { ProblemError } from '@brigade/api-client/problem-error';
import {
  addColorScheme,
  addFallbackImage,
  addLayoutTemplate,
  compareSiteConfigVersions,
  getEffectiveSiteConfig,
  getSiteConfig,
  initializeSiteConfig,
  listSiteConfigVersions,
  removeFallbackImage,
  removeLayoutTemplate,
  setFallbackTexts,
  updateColorScheme,
  updateLayoutTemplate,
  updateSiteConfig,
} from '@brigade/contracts/site-config';
import type { SiteConfiguration } from '@brigade/domain/site-config';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';

export type SiteConfig = Jsonify<SiteConfiguration>;
export type LayoutTemplate = SiteConfig['layoutTemplates'][number];
export type ColorScheme = SiteConfig['colorSchemes'][number];
export type FallbackImage = SiteConfig['fallbackImages'][number];

/** Query keys: every write answers with the whole configuration and reads the history again. */
export const siteConfigKeys = {
  all: ['admin', 'site-config'] as const,
  config: ['admin', 'site-config', 'current'] as const,
  versions: ['admin', 'site-config', 'versions'] as const,
  diff: (from: number, to: number) => ['admin', 'site-config', 'diff', from, to] as const,
  effective: (slug: string) => ['admin', 'site-config', 'effective', slug] as const,
};

/** The configuration, or null while none exists ("Site configuration not found"). */
export function useSiteConfig() {
  return useQuery({
    queryKey: siteConfigKeys.config,
    queryFn: async ({ signal }) => {
      try {
        return (await apiClient.call(getSiteConfig, { signal })).data.siteConfig as SiteConfig;
      } catch (error) {
        if (error instanceof ProblemError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useSiteConfigVersions() {
  return useQuery({
    queryKey: siteConfigKeys.versions,
    queryFn: async ({ signal }) =>
      (await apiClient.call(listSiteConfigVersions, { query: { limit: 100 }, signal })).data.versions,
  });
}

export function useVersionDiff(from: number | null, to: number | null) {
  return useQuery({
    queryKey: siteConfigKeys.diff(from ?? 0, to ?? 0),
    enabled: from !== null && to !== null && from !== to,
    queryFn: async ({ signal }) =>
      (await apiClient.call(compareSiteConfigVersions, { query: { from: from!, to: to! }, signal })).data,
  });
}

export function useEffectiveConfig(slug: string) {
  return useQuery({
    queryKey: siteConfigKeys.effective(slug),
    enabled: slug !== '',
    queryFn: async ({ signal }) =>
      (await apiClient.call(getEffectiveSiteConfig, { params: { slug }, signal })).data,
  });
}

/** One write of the configuration: its answer replaces the cached configuration. */
function useConfigWrite<V>(run: (vars: V) => Promise<{ data: { siteConfig: unknown } }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => (await run(vars)).data.siteConfig as SiteConfig,
    onSuccess: (config) => {
      client.setQueryData(siteConfigKeys.config, config);
      void client.invalidateQueries({
        queryKey: siteConfigKeys.all,
        predicate: (q) => q.queryKey[2] !== 'current',
      });
    },
  });
}

type Body<E> = BodyInput<E>;

export function useSiteConfigWrites() {
  const client = useQueryClient();
  return {
    initialize: useMutation({
      mutationFn: async () => (await apiClient.call(initializeSiteConfig, {})).data.siteConfig as SiteConfig,
      onSuccess: (config) => client.setQueryData(siteConfigKeys.config, config),
    }),
    update: useConfigWrite((body: Body<typeof updateSiteConfig>) =>
      apiClient.call(updateSiteConfig, { body }),
    ),
    addTemplate: useConfigWrite((body: Body<typeof addLayoutTemplate>) =>
      apiClient.call(addLayoutTemplate, { body }),
    ),
    updateTemplate: useConfigWrite(
      ({ templateId, ...body }: Body<typeof updateLayoutTemplate> & { templateId: string }) =>
        apiClient.call(updateLayoutTemplate, { params: { templateId }, body }),
    ),
    removeTemplate: useConfigWrite((templateId: string) =>
      apiClient.call(removeLayoutTemplate, { params: { templateId } }),
    ),
    addScheme: useConfigWrite((body: Body<typeof addColorScheme>) =>
      apiClient.call(addColorScheme, { body }),
    ),
    updateScheme: useConfigWrite(
      ({ schemeId, ...body }: Body<typeof updateColorScheme> & { schemeId: string }) =>
        apiClient.call(updateColorScheme, { params: { schemeId }, body }),
    ),
    addImage: useConfigWrite((body: Body<typeof addFallbackImage>) =>
      apiClient.call(addFallbackImage, { body }),
    ),
    removeImage: useConfigWrite((imageId: string) =>
      apiClient.call(removeFallbackImage, { params: { imageId } }),
    ),
    setTexts: useConfigWrite((body: Record<string, string>) => apiClient.call(setFallbackTexts, { body })),
  };
}
