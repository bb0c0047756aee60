import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { bottomToaster, topToaster } from './toaster';

/** Renders the toasts; loaded after the first paint (see providers.tsx). */
export default function Toaster() {
  return (
    <Portal>
      {[topToaster, bottomToaster].map((toaster, i) => (
        <ChakraToaster key={i} toaster={toaster} insetInline={{ mdDown: '4' }}>
          {(toast) => (
            <Toast.Root width={{ md: 'md' }} data-testid="toast">
              {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
              <Stack gap="1" flex="1" maxWidth="100%">
                {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
                {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
              </Stack>
              {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
              <Toast.CloseTrigger aria-label="Fechar aviso" />
            </Toast.Root>
          )}
        </ChakraToaster>
      ))}
    </Portal>
  );
}
