import { Stack, Text } from '@chakra-ui/react';
import { Navigate } from 'react-router-dom';
import { Loading } from '../../components/loading';
import { paths } from '../../config/paths';
import { PeoplePanel } from '../../forms/people-panel';
import { useHydrated } from '../../hooks/use-hydrated';
import { useSession } from '../../hooks/use-session';
import { clientApi } from '../../lib/pocketbase';
import { ClientHeader } from './client-nav';
import { signedInAccount } from './own-company';

/** 'Pessoas': a company's administrator invites its people and disables them. */
export default function PeoplePage() {
  const token = useSession(clientApi);
  const hydrated = useHydrated();
  if (!hydrated) return <Loading />;
  if (!token) return <Navigate to={paths.access} replace />;
  const account = signedInAccount();
  return (
    <Stack gap="5">
      <ClientHeader title="Pessoas" />
      {account?.kind === 'administrador' ? (
        <>
          <Text color="fg.muted">
            Cada pessoa entra com o próprio e-mail e senha, e cada coleta registra quem pediu.
            Desativar encerra o acesso da pessoa na hora.
          </Text>
          <PeoplePanel api={clientApi} companyId={account.company} selfId={account.id} />
        </>
      ) : (
        <Text>Só um administrador da empresa convida e desativa pessoas.</Text>
      )}
    </Stack>
  );
}
