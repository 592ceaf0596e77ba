import type { Jsonify } from '@brigade/api-client/client';
import {
  createDiningRoom,
  createDiningTable,
  deleteDiningRoom,
  deleteDiningTable,
  listDiningRooms,
  updateDiningRoom,
  updateDiningTable,
} from '@brigade/contracts/pos-checks';
import type { DiningRoom, DiningRoomInput, DiningTableInput } from '@brigade/domain/pos/floor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

export type Room = Jsonify<DiningRoom>;
export type Table = Room['tables'][number];

/** The floor plan's rooms and tables, and the writes that change them (each reads the plan again). */
export function useRooms() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'dining-rooms'),
    queryFn: async ({ signal }) =>
      (await apiClient.call(listDiningRooms, { params: { tenantId, restaurantId }, signal })).data,
  });
}

export function useFloorWrites() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const queryClient = useQueryClient();
  const params = { tenantId, restaurantId };
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'dining-rooms') });
  return {
    saveRoom: useMutation({
      mutationFn: ({ roomId, body }: { roomId?: number | undefined; body: DiningRoomInput }) =>
        roomId === undefined
          ? apiClient.call(createDiningRoom, { params, body })
          : apiClient.call(updateDiningRoom, { params: { ...params, roomId }, body }),
      onSuccess,
    }),
    deleteRoom: useMutation({
      mutationFn: (roomId: number) => apiClient.call(deleteDiningRoom, { params: { ...params, roomId } }),
      onSuccess,
    }),
    saveTable: useMutation({
      mutationFn: ({ tableId, body }: { tableId?: number | undefined; body: DiningTableInput }) =>
        tableId === undefined
          ? apiClient.call(createDiningTable, { params, body })
          : apiClient.call(updateDiningTable, { params: { ...params, tableId }, body }),
      onSuccess,
    }),
    deleteTable: useMutation({
      mutationFn: (tableId: number) => apiClient.call(deleteDiningTable, { params: { ...params, tableId } }),
      onSuccess,
    }),
  };
}
