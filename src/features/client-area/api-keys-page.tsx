import { Badge, Box, Button, Code, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
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
import { clientApi, failureKind, fieldMessages, serverMessage } from '../../lib/pocketbase';
import { createApiKey, fetchApiKeys, revokeApiKey } from './api-keys-api';
import { ClientHeader } from './client-nav';
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

function ApiKeys() {
  const [keys, setKeys] = useState<ApiKeyView[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState('');
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const [confirming, setConfirming] = useState('');
  const [version, setVersion] = useState(0);
  const load = () => setVersion((v) => v + 1);

  useEffect(() => {
    let gone = false;
    fetchApiKeys().then(
      (list) => {
        if (gone) return;
        setKeys(list);
        setLoadError('');
      },
      (error: unknown) => {
        if (gone) return;
        setLoadError(
          failureKind(error) === 'offline'
            ? 'Sem conexão: as chaves aparecem quando o sinal voltar.'
            : serverMessage(error) || 'Não foi possível carregar as chaves.',
        );
      },
    );
    return () => {
      gone = true;
    };
  }, [version]);

  const failed = (error: unknown, fallback: string) => {
    if (failureKind(error) === 'offline') toaster.create({ ...OFFLINE, type: 'warning' });
    else toaster.create({ title: serverMessage(error) || fallback, type: 'error' });
  };

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkApiKeyName({ name });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy('create');
    try {
      const answer = await createApiKey(name.trim());
      setMade({ name: answer.key.name, secret: answer.secret });
      setName('');
      load();
    } catch (error) {
      setErrors(fieldMessages(error));
      failed(error, 'Não foi possível criar a chave.');
    } finally {
      setBusy('');
    }
  };

  const revoke = async (key: ApiKeyView) => {
    setBusy(key.id);
    try {
      await revokeApiKey(key.id);
      toaster.create({
        title: `Chave "${key.name}" revogada`,
        description: 'Os sistemas que a usavam deixam de ter acesso agora.',
        type: 'success',
      });
      setConfirming('');
      load();
    } catch (error) {
      failed(error, 'Não foi possível revogar a chave.');
    } finally {
      setBusy('');
    }
  };

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
      {made && <NewKey made={made} onDone={() => setMade(null)} />}
      <Box borderWidth="1px" borderRadius="lg" p="4">
        <form onSubmit={create} noValidate>
          <Stack gap="3">
            <Heading as="h2" size="md">
              Nova chave
            </Heading>
            <TextField
              label="Nome da chave"
              helper="Para reconhecer o sistema que a usa, como ERP da loja."
              value={name}
              onValueChange={setName}
              error={errors.name}
              required
            />
            <Button
              type="submit"
              colorPalette="brand"
              loading={busy === 'create'}
              alignSelf="start"
            >
              Criar chave
            </Button>
          </Stack>
        </form>
      </Box>
      {loadError && <Text color="orange.fg">{loadError}</Text>}
      {keys && keys.length === 0 && <Text>Nenhuma chave ainda.</Text>}
      {keys && keys.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Chaves da empresa">
          {keys.map((key) => (
            <Box
              as="li"
              key={key.id}
              aria-label={key.name}
              borderWidth="1px"
              borderRadius="lg"
              p="3"
              opacity={key.revokedAt ? 0.75 : 1}
            >
              <Flex justify="space-between" align="start" gap="2" wrap="wrap">
                <Box minW="0">
                  <Text fontWeight="semibold">{key.name}</Text>
                  <Code fontSize="sm">{key.shown}…</Code>
                </Box>
                <Badge colorPalette={key.revokedAt ? 'red' : 'green'}>
                  {key.revokedAt ? 'Revogada' : 'Ativa'}
                </Badge>
              </Flex>
              <Text fontSize="sm" color="fg.muted" mt="1">
                Criada em {when(key.created)}
                {key.createdBy ? ` por ${key.createdBy}` : ''}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {key.lastUsedAt ? `Último uso: ${when(key.lastUsedAt)}` : 'Ainda não usada'}
              </Text>
              {key.revokedAt ? (
                <Text fontSize="sm" color="fg.muted">
                  Revogada em {when(key.revokedAt)}
                  {key.revokedBy ? ` por ${key.revokedBy}` : ''}
                </Text>
              ) : confirming === key.id ? (
                <Flex gap="2" mt="2" wrap="wrap" align="center">
                  <Text fontSize="sm">
                    Os sistemas que usam esta chave perdem o acesso na hora.
                  </Text>
                  <Button
                    size="sm"
                    colorPalette="red"
                    loading={busy === key.id}
                    onClick={() => revoke(key)}
                  >
                    Confirmar revogação
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setConfirming('')}>
                    Cancelar
                  </Button>
                </Flex>
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
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The key just made, shown this once, with a button to copy it. */
function NewKey({ made, onDone }: { made: { name: string; secret: string }; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made.secret);
      toaster.create({ title: 'Chave copiada', type: 'success', duration: 3000 });
    } catch {
      toaster.create({
        title: 'Copie a chave à mão',
        description: 'Selecione o texto da chave e copie.',
        type: 'info',
      });
    }
  };
  return (
    <Box
      role="region"
      aria-label="Chave criada"
      borderWidth="2px"
      borderColor="green.solid"
      borderRadius="lg"
      p="4"
    >
      <Stack gap="3">
        <Heading as="h2" size="md">
          Chave &quot;{made.name}&quot; criada
        </Heading>
        <Text>
          Copie a chave agora e guarde-a no sistema que vai usá-la:{' '}
          <strong>ela não será mostrada de novo.</strong>
        </Text>
        <Code
          data-testid="new-api-key"
          p="2"
          fontSize="sm"
          wordBreak="break-all"
          whiteSpace="normal"
          userSelect="all"
        >
          {made.secret}
        </Code>
        <Flex gap="2" wrap="wrap">
          <Button colorPalette="brand" onClick={copy}>
            Copiar chave
          </Button>
          <Button variant="outline" onClick={onDone}>
            Já copiei
          </Button>
        </Flex>
      </Stack>
    </Box>
  );
}
