import { useSyncExternalStore } from 'react';
import type PocketBase from 'pocketbase';

/** Follow a client's auth store: re-render on sign-in, sign-out and token refresh. */
export function useSession(api: PocketBase) {
  return useSyncExternalStore(
    (onChange) => api.authStore.onChange(onChange),
    () => (api.authStore.isValid ? api.authStore.token : ''),
    () => '',
  );
}
