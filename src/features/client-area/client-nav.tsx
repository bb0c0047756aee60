import { Button, Flex, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { PageTitle } from '../../components/page-title';
import { toaster } from '../../components/toaster';
import { company } from '../../config/company';
import { paths } from '../../config/paths';
import { CLIENT_KIND_LABELS } from '../../domain/companies';
import { signedInAccount, useOwnCompany } from './own-company';
import { signOutClient } from './session';

/**
 * The client area's heading: the page's title, whose company and person are signed in, and the
 * area's pages (an administrator also sees 'Pessoas'), with 'Sair'.
 */
export function ClientHeader({ title }: { title: string }) {
  const navigate = useNavigate();
  const site = useOwnCompany();
  const account = signedInAccount();
  const links = [
    { to: paths.pickupRequest, label: 'Nova solicitação' },
    { to: paths.myRequests, label: 'Minhas solicitações' },
    { to: paths.statement, label: 'Extrato' },
    { to: paths.clientAddresses, label: 'Endereços' },
    { to: paths.pickupImport, label: 'Importar planilha' },
    ...(account?.kind === 'administrador'
      ? [
          { to: paths.clientPeople, label: 'Pessoas' },
          { to: paths.apiKeys, label: 'Chaves de API' },
          { to: paths.clientWebhooks, label: 'Webhooks' },
        ]
      : []),
  ];
  return (
    <Flex direction="column" gap="3">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Flex align="center" gap="3">
          <Logo label={company.shortName} width="12" height="12" />
          <PageTitle title={title} hidden />
          <div>
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} color="brand.fg">
              {title}
            </Heading>
            <Text fontSize="sm" color="fg.muted" data-testid="signed-in-as">
              {site.name}
              {account && account.kind !== 'compartilhada'
                ? ` · ${account.name || account.email} (${CLIENT_KIND_LABELS[account.kind]})`
                : ''}
            </Text>
          </div>
        </Flex>
      </Flex>
      <Flex as="nav" aria-label="Área do cliente" gap="2" wrap="wrap">
        {links.map((link) => (
          <Button key={link.to} asChild variant="outline" size="sm">
            <RouterLink to={link.to}>{link.label}</RouterLink>
          </Button>
        ))}
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            signOutClient();
            toaster.create({
              title: 'Você saiu',
              description: 'Para uma nova solicitação, entre de novo.',
              type: 'info',
            });
            navigate(paths.access);
          }}
        >
          Sair
        </Button>
      </Flex>
    </Flex>
  );
}
