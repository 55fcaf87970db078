/**
 * GET Containers, GET Containers/{id} and GET ContainerProducts (docs/containers.md,
 * "Containers"): the caller's containers, narrowed by the list's filters; one container with
 * its rentals; the products a rental may be of.
 */
import type { Container, ContainerProduct, ContainerStatus, ContainerSummary } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The key every container and rental query starts with: a rental's step makes them all stale. */
export const containersKey = ['containers'] as const;

/** The container list's filters; each left out (undefined) means any. */
export interface ContainerFilters {
  locationId?: number;
  productId?: number;
  status?: ContainerStatus;
  term?: string;
  /** Only containers provider staff may assign now (OK, at a depot, not out). */
  available?: boolean;
}

/** The containers matching `filters`. */
export function useContainers(filters: ContainerFilters, enabled = true) {
  return useQuery({
    queryKey: [...containersKey, 'list', filters],
    queryFn: ({ signal }) => api<ContainerSummary[]>('GET', 'Containers', { signal, query: { ...filters } }),
    enabled,
  });
}

/** Query options of one container. */
export const containerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...containersKey, 'one', id],
    queryFn: ({ signal }) => api<Container>('GET', `Containers/${id}`, { signal }),
  });

/** One container with its rentals. */
export function useContainer(id: number) {
  return useQuery(containerQueryOptions(id));
}

/** The container products a rental may be of. */
export function useContainerProducts(enabled = true) {
  return useQuery({
    queryKey: [...containersKey, 'products'],
    queryFn: ({ signal }) => api<ContainerProduct[]>('GET', 'ContainerProducts', { signal }),
    staleTime: 10 * 60_000,
    enabled,
  });
}
