import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useOnline } from '../hooks/use-online';

/**
 * A calm note while offline: pages and the simulator keep working from the device; on the staff
 * screens (all under /admin), the work done there is kept and sent when the signal returns.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { pathname } = useLocation();
  if (online) return null;
  const staff = pathname.startsWith('/admin/');
  return (
    <Box
      role="status"
      bg="orange.100"
      color="orange.900"
      px="4"
      py="2"
      textAlign="center"
      fontSize="sm"
    >
      {staff
        ? 'Você está sem conexão. O que você registrar fica guardado neste aparelho e vai para o servidor quando o sinal voltar.'
        : 'Você está sem conexão. As páginas e o simulador continuam funcionando; o que você enviar fica guardado neste aparelho.'}
    </Box>
  );
}

/** The look of the cards that float at the bottom (the update prompt, the install offer). */
const FLOATING_CARD = {
  position: 'fixed',
  bottom: '4',
  bg: 'bg.panel',
  borderWidth: '1px',
  shadow: 'lg',
  borderRadius: 'lg',
  p: '4',
} as const;

/** 'Nova versão disponível': never reloads on its own, so nothing typed is lost until the person accepts. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // Long-lived staff screens: look for a new version every hour and whenever the app comes back.
      if (!registration) return;
      setInterval(() => void registration.update(), 60 * 60 * 1000);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void registration.update();
      });
    },
  });
  if (!needRefresh) return null;
  return (
    <Box
      role="alertdialog"
      aria-label="Nova versão disponível"
      {...FLOATING_CARD}
      left="4"
      right={{ base: '4', md: 'auto' }}
      // Under an open dialog (a driver halfway through 'Não entregue'): it covered the dialog's
      // buttons and could not be tapped through the dialog's backdrop. It shows again after.
      zIndex="banner"
    >
      <Text fontWeight="semibold" mb="2">
        Nova versão disponível
      </Text>
      <HStack gap="2">
        <Button
          size="sm"
          colorPalette="brand"
          onClick={() => {
            // Reload once the new worker controls the page (workbox-window only does so for pages
            // that were already controlled when they registered).
            navigator.serviceWorker.addEventListener(
              'controllerchange',
              () => window.location.reload(),
              {
                once: true,
              },
            );
            void updateServiceWorker(true);
          }}
        >
          Atualizar
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
          Agora não
        </Button>
      </HStack>
    </Box>
  );
}

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

// The browser offers installation once per page load, possibly before React has mounted: the
// offer is kept here from the first moment, and both the footer button and the one-time card read it.
let offered: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const setOffered = (next: BeforeInstallPromptEvent | null) => {
  offered = next;
  listeners.forEach((listener) => listener());
};
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    setOffered(e as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setOffered(null));
}

const runningInstalled = () =>
  typeof window !== 'undefined' &&
  (window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true);

/** The browser's install offer, or null when there is none or the app already runs installed. */
function useInstallOffer() {
  const offer = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offered,
    () => null,
  );
  const install = async () => {
    if (!offer) return;
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    if (outcome === 'accepted') setOffered(null);
  };
  return { offer: runningInstalled() ? null : offer, install };
}

/** 'Instalar aplicativo' in the footer, wherever the browser offers installation. */
export function InstallButton() {
  const { offer, install } = useInstallOffer();
  if (!offer) return null;
  return (
    <Button size="sm" variant="outline" color="inherit" onClick={() => void install()}>
      Instalar aplicativo
    </Button>
  );
}

const OFFER_SEEN = 'installOfferSeen';

/** True once the visitor has scrolled, tapped or typed on this page. */
function useEngaged(): boolean {
  const [engaged, setEngaged] = useState(false);
  useEffect(() => {
    if (engaged) return;
    const events = ['pointerdown', 'keydown', 'scroll'] as const;
    const done = () => setEngaged(true);
    for (const name of events) window.addEventListener(name, done, { once: true, passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, done);
    };
  }, [engaged]);
  return engaged;
}

/**
 * A one-time card offering installation where a visitor sees it; 'Agora não' puts it away for
 * good (the footer button stays). Fixed at the bottom, so it shifts nothing on the page.
 */
export function InstallOffer() {
  const { offer, install } = useInstallOffer();
  const [seen, setSeen] = useState(() => readSeen());
  const engaged = useEngaged();
  // Not before the visitor has done something on the page: the offer never covers (or becomes)
  // the first thing they see.
  if (!offer || seen || !engaged) return null;
  const putAway = () => {
    try {
      localStorage.setItem(OFFER_SEEN, '1');
    } catch {
      // Private mode without storage: the card still goes away for this visit.
    }
    setSeen(true);
  };
  return (
    <Box
      role="dialog"
      aria-label="Instalar aplicativo"
      {...FLOATING_CARD}
      right="4"
      left={{ base: '4', md: 'auto' }}
      maxW={{ md: 'sm' }}
      zIndex="banner"
    >
      <Text fontWeight="semibold">Instale o aplicativo</Text>
      <Text fontSize="sm" mb="3">
        Abre mais rápido, funciona sem conexão e guarda seus rastreios neste aparelho.
      </Text>
      <HStack gap="2">
        <Button
          size="sm"
          colorPalette="brand"
          onClick={() => {
            putAway();
            void install();
          }}
        >
          Instalar
        </Button>
        <Button size="sm" variant="ghost" onClick={putAway}>
          Agora não
        </Button>
      </HStack>
    </Box>
  );
}

function readSeen() {
  try {
    return localStorage.getItem(OFFER_SEEN) === '1';
  } catch {
    return false;
  }
}
