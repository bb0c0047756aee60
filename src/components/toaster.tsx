import { createToaster } from '@chakra-ui/react';

/** The app's toasts (SPEC.md §8). Durations are given per call where the spec fixes them. */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 4 });
