import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useOnline } from '../lib/network';

/** A calm note while offline; pages and the simulator keep working from the device. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
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
      Você está sem conexão. As páginas e o simulador continuam funcionando; o que você enviar fica
      guardado neste aparelho.
    </Box>
  );
}

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
      position="fixed"
      bottom="4"
      left="4"
      right={{ base: '4', md: 'auto' }}
      zIndex="toast"
      bg="bg.panel"
      borderWidth="1px"
      shadow="lg"
      borderRadius="lg"
      p="4"
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

/** 'Instalar aplicativo' where the browser offers installation; gone once installed. */
export function InstallButton() {
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const offer = (e: Event) => {
      e.preventDefault();
      setDeferred(e as BeforeInstallPromptEvent);
    };
    const installed = () => setDeferred(null);
    window.addEventListener('beforeinstallprompt', offer);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', offer);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);

  if (!deferred) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      color="inherit"
      onClick={async () => {
        await deferred.prompt();
        const { outcome } = await deferred.userChoice;
        if (outcome === 'accepted') setDeferred(null);
      }}
    >
      Instalar aplicativo
    </Button>
  );
}
