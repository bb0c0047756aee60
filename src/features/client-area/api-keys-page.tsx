import { Badge, Box, Button, Code, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { Loading } from '../../components/loading';
import { toaster } from '../../components/toaster';
import { API_PATHS } from '../../config/api-paths';
import { paths } from '../../config/paths';
import {
  API_MESSAGES,
  API_REQUESTS_PER_MINUTE,
  checkApiKeyName,
  type ApiKeyView,
} from '../../domain/api';
import type { FieldErrors } from '../../domain/fields';
import { formatDateTimeBrasilia } from '../../domain/format';
import { TextField } from '../../forms/text-field';
import { useHydrated } from '../../hooks/use-hydrated';
import { useSession } from '../../hooks/use-session';
import { clientApi, fieldMessages } from '../../lib/pocketbase';
import { createApiKey, fetchApiKeys, revokeApiKey } from './api-keys-api';
import { ClientHeader } from './client-nav';
import {
  ConfirmRemoval,
  CreateBox,
  MadeAt,
  SecretShownOnce,
  ServerList,
  useServerAction,
  useServerList,
  type SecretTexts,
} from './integrations';
import { signedInAccount } from './own-company';

const OFFLINE = {
  title: 'Sem conexão',
  description: 'Chaves de API só são criadas e revogadas com sinal. Tente de novo quando voltar.',
};

/**
 * 'Chaves de API': a company's administrator makes a key for each of the company's systems (its
 * ERP, its shop), sees it once to copy it, and revokes it. Read from the server each time; keys
 * are never kept on the device.
 */
export default function ApiKeysPage() {
  const token = useSession(clientApi);
  const hydrated = useHydrated();
  if (!hydrated) return <Loading />;
  if (!token) return <Navigate to={paths.access} replace />;
  const account = signedInAccount();
  return (
    <Stack gap="5">
      <ClientHeader title="Chaves de API" />
      {account?.kind === 'administrador' ? <ApiKeys /> : <Text>{API_MESSAGES.adminOnly}</Text>}
    </Stack>
  );
}

const when = (time: string) => formatDateTimeBrasilia(time);

const KEY_TEXTS: SecretTexts = {
  region: 'Chave criada',
  copy: 'Copiar chave',
  copied: 'Chave copiada',
  byHand: { title: 'Copie a chave à mão', description: 'Selecione o texto da chave e copie.' },
};

function ApiKeys() {
  const {
    items: keys,
    loadError,
    load,
  } = useServerList(
    fetchApiKeys,
    'Sem conexão: as chaves aparecem quando o sinal voltar.',
    'Não foi possível carregar as chaves.',
  );
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, run } = useServerAction(OFFLINE);
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const [confirming, setConfirming] = useState('');

  const create = (e: FormEvent) => {
    e.preventDefault();
    const found = checkApiKeyName({ name });
    setErrors(found);
    if (Object.keys(found).length) return;
    void run(
      'create',
      async () => {
        const answer = await createApiKey(name.trim());
        setMade({ name: answer.key.name, secret: answer.secret });
        setName('');
        load();
      },
      'Não foi possível criar a chave.',
      (error) => setErrors(fieldMessages(error)),
    );
  };

  const revoke = (key: ApiKeyView) =>
    run(
      key.id,
      async () => {
        await revokeApiKey(key.id);
        toaster.create({
          title: `Chave "${key.name}" revogada`,
          description: 'Os sistemas que a usavam deixam de ter acesso agora.',
          type: 'success',
        });
        setConfirming('');
        load();
      },
      'Não foi possível revogar a chave.',
    );

  return (
    <Stack gap="4">
      <Text color="fg.muted">
        Com uma chave, o sistema da empresa (ERP, loja virtual) cota fretes, pede coletas, acompanha
        as remessas e baixa etiquetas pela API, com as mesmas regras desta área: até{' '}
        {API_REQUESTS_PER_MINUTE} requisições por minuto por chave. Crie uma chave para cada sistema
        e revogue a que não for mais usada.{' '}
        <Link href={API_PATHS.apiDocument} target="_blank" rel="noopener" color="brand.fg">
          Documentação da API (OpenAPI)
        </Link>
      </Text>
      {made && (
        <SecretShownOnce
          title={<>Chave &quot;{made.name}&quot; criada</>}
          secret={made.secret}
          testId="new-api-key"
          texts={KEY_TEXTS}
          onDone={() => setMade(null)}
        >
          <Text>
            Copie a chave agora e guarde-a no sistema que vai usá-la:{' '}
            <strong>ela não será mostrada de novo.</strong>
          </Text>
        </SecretShownOnce>
      )}
      <CreateBox title="Nova chave" submit="Criar chave" busy={busy === 'create'} onSubmit={create}>
        <TextField
          label="Nome da chave"
          helper="Para reconhecer o sistema que a usa, como ERP da loja."
          value={name}
          onValueChange={setName}
          error={errors.name}
          required
        />
      </CreateBox>
      <ServerList
        items={keys}
        loadError={loadError}
        empty="Nenhuma chave ainda."
        label="Chaves da empresa"
        gap="2"
        itemName={(key) => key.name}
        opacity={(key) => (key.revokedAt ? 0.75 : 1)}
      >
        {(key) => (
          <>
            <Flex justify="space-between" align="start" gap="2" wrap="wrap">
              <Box minW="0">
                <Text fontWeight="semibold">{key.name}</Text>
                <Code fontSize="sm">{key.shown}…</Code>
              </Box>
              <Badge colorPalette={key.revokedAt ? 'red' : 'green'}>
                {key.revokedAt ? 'Revogada' : 'Ativa'}
              </Badge>
            </Flex>
            <MadeAt label="Criada em" at={when(key.created)} by={key.createdBy} />
            <Text fontSize="sm" color="fg.muted">
              {key.lastUsedAt ? `Último uso: ${when(key.lastUsedAt)}` : 'Ainda não usada'}
            </Text>
            {key.revokedAt ? (
              <Text fontSize="sm" color="fg.muted">
                Revogada em {when(key.revokedAt)}
                {key.revokedBy ? ` por ${key.revokedBy}` : ''}
              </Text>
            ) : confirming === key.id ? (
              <ConfirmRemoval
                warning="Os sistemas que usam esta chave perdem o acesso na hora."
                confirm="Confirmar revogação"
                busy={busy === key.id}
                onConfirm={() => revoke(key)}
                onCancel={() => setConfirming('')}
              />
            ) : (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                mt="2"
                onClick={() => setConfirming(key.id)}
              >
                Revogar
              </Button>
            )}
          </>
        )}
      </ServerList>
    </Stack>
  );
}
