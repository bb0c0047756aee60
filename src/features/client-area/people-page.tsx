import { Stack, Text } from '@chakra-ui/react';
import { PeoplePanel } from '../../forms/people-panel';
import { clientApi } from '../../lib/pocketbase';
import { ClientHeader, useClientGate } from './client-nav';
import { signedInAccount } from './own-company';

/** 'Pessoas': a company's administrator invites its people and disables them. */
export default function PeoplePage() {
  const gate = useClientGate();
  if (gate) return gate;
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
