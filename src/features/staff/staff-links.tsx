import { Button, Flex, HStack, Link } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { toaster } from '../../components/toaster';
import { paths } from '../../config/paths';
import { db } from '../../lib/db';
import { signOutStaff } from './tracking/api';
import { signedInAsDriver } from './shipments/drivers';

const LINKS = [
  { to: paths.trackingAdmin, label: 'Rastreamentos', driver: true },
  { to: paths.requestsInbox, label: 'Solicitações', driver: false },
  { to: paths.officeClients, label: 'Clientes', driver: false },
  // A driver's installed app has no address bar: his own romaneio is reached from here too.
  { to: paths.manifest, label: 'Romaneio', driver: true },
] as const;

/** The staff area's own menu: its screens, and 'Sair' once signed in. */
export function StaffLinks({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  const signOut = async () => {
    try {
      // Changes still waiting are this person's work: they go out when the signal allows.
      const waiting = await db.outbox
        .where('kind')
        .equals('tracking')
        .and((i) => i.state === 'pending' || i.state === 'sending')
        .count();
      signOutStaff();
      toaster.create({
        title: 'Logout realizado com sucesso',
        description: waiting
          ? `${waiting === 1 ? '1 mudança ainda será enviada' : `${waiting} mudanças ainda serão enviadas`} deste aparelho.`
          : undefined,
        type: 'success',
      });
    } catch {
      toaster.create({ title: 'Erro ao fazer logout', type: 'error' });
    }
  };
  return (
    <Flex justify="space-between" align="center" gap="3" wrap="wrap">
      <HStack as="nav" aria-label="Área da equipe" gap="4">
        {LINKS.filter((link) => link.driver || !(signedIn && signedInAsDriver())).map((link) => (
          <Link
            key={link.to}
            asChild
            fontWeight={pathname === link.to ? 'bold' : 'normal'}
            aria-current={pathname === link.to ? 'page' : undefined}
          >
            <RouterLink to={link.to}>{link.label}</RouterLink>
          </Link>
        ))}
      </HStack>
      {signedIn && (
        <Button variant="outline" onClick={() => void signOut()}>
          Sair
        </Button>
      )}
    </Flex>
  );
}
