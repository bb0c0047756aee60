import {
  createToaster,
  Toaster as ChakraToaster,
  Portal,
  Spinner,
  Stack,
  Toast,
} from '@chakra-ui/react';
import { useEffect } from 'react';
import { inIdleSteps } from '../lib/idle';
import { phoneTopToaster, toasters } from './toaster';

// White text needs 4.5:1 on the toast (WCAG AA): Chakra's green.solid and orange.solid give
// 3.3:1 and 3.6:1, and its description is dimmed to 80 %. The 700 shades give 5:1 and more.
const readable = {
  '&[data-type=success]': { bg: 'green.700' },
  '&[data-type=warning]': { bg: 'orange.700' },
  '&[data-type=error]': { bg: 'red.700' },
} as const;

/** A toast as the app draws it, from the store that holds it. */
function renderToast(toaster: (typeof toasters)[number] | typeof warmToaster, testId: string) {
  return (toast: Parameters<Parameters<typeof ChakraToaster>[0]['children']>[0]) => {
    const notice = Boolean(toast.meta?.passThrough);
    // At the top of a phone (a driver's screen), a notice is out of the thumb's way: a tap on it
    // puts it away rather than reaching, unseen, what it covers there (the header's links, 'Sair').
    const tapToClose = notice && toaster === phoneTopToaster;
    return (
      <Toast.Root
        width={{ md: 'md' }}
        css={readable}
        data-testid={testId}
        // A notice of routine (see `toaster.notice`): a tap goes through it. Inline, over the
        // toast machine's own inline 'auto'.
        style={notice && !tapToClose ? { pointerEvents: 'none' } : undefined}
        onClick={tapToClose ? () => toaster.dismiss(toast.id) : undefined}
      >
        {toast.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
        <Stack gap="1" flex="1" maxWidth="100%">
          {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
          {toast.description && (
            <Toast.Description opacity="1">{toast.description}</Toast.Description>
          )}
        </Stack>
        {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
        {!notice && <Toast.CloseTrigger aria-label="Fechar aviso" />}
      </Toast.Root>
    );
  };
}

/**
 * A store never shown: the first toast a page draws makes the browser add its CSS rules and
 * restyle the page (measured on the office's list when Chakra's rules still came in cascade
 * layers: ~370 ms of a slow phone, inside the answer to an action on many; see theme-config.ts).
 * One toast drawn here, hidden, once the page is idle after the view mounted, adds those rules
 * before anyone waits for a toast.
 */
const warmToaster = createToaster({ placement: 'bottom' });

/** Renders the toasts; loaded after the first paint (see providers.tsx). */
export default function Toaster() {
  useEffect(
    () =>
      inIdleSteps([
        () =>
          warmToaster.create({
            title: 'Pronto',
            description: 'Pronto',
            type: 'success',
            duration: 1,
          }),
      ]),
    [],
  );
  return (
    <Portal>
      {toasters.map((toaster, i) => (
        <ChakraToaster key={i} toaster={toaster} insetInline={{ mdDown: '4' }}>
          {renderToast(toaster, 'toast')}
        </ChakraToaster>
      ))}
      <div style={{ display: 'none' }} aria-hidden>
        <ChakraToaster toaster={warmToaster}>
          {renderToast(warmToaster, 'toast-warm')}
        </ChakraToaster>
      </div>
    </Portal>
  );
}
