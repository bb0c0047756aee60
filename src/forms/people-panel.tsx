import { Badge, Box, Button, Checkbox, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type PocketBase from 'pocketbase';
import { useEffect, useState, type FormEvent } from 'react';
import { toaster } from '../components/toaster';
import { CLIENT_KIND_LABELS, INVITE_RULES, type ClientKind } from '../domain/companies';
import { validateSubmission, type FieldErrors } from '../domain/fields';
import { failureKind, fieldMessages, serverMessage } from '../lib/pocketbase';
import { TextField } from './text-field';

interface Person {
  id: string;
  name: string;
  email: string;
  kind: ClientKind;
  disabled: boolean;
  verified: boolean;
}

const OFFLINE = {
  title: 'Sem conexão',
  description:
    'Isto precisa de sinal. O que você digitou continua aqui: tente de novo quando voltar.',
};

function situation(person: Person): { label: string; palette: string } {
  if (person.disabled) return { label: 'Desativada', palette: 'red' };
  if (!person.verified && person.kind !== 'compartilhada') {
    return { label: 'Convite pendente', palette: 'orange' };
  }
  return { label: 'Ativa', palette: 'green' };
}

/**
 * A company's people: who has access, 'Convidar pessoa', and 'Desativar' (their sessions end at
 * once). The office's 'Clientes' and a company administrator's 'Pessoas' both use it, each with its
 * own session (`api`); the server decides what each may do.
 */
export function PeoplePanel({
  api,
  companyId,
  selfId = '',
}: {
  api: PocketBase;
  companyId: string;
  selfId?: string;
}) {
  const [people, setPeople] = useState<Person[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [admin, setAdmin] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState('');

  const [version, setVersion] = useState(0);
  const load = () => setVersion((v) => v + 1);

  useEffect(() => {
    let gone = false;
    api
      .collection('clients')
      .getFullList<Person>({
        filter: api.filter('company = {:company}', { company: companyId }),
        sort: 'name,email',
        fields: 'id,name,email,kind,disabled,verified',
        requestKey: null,
      })
      .then(
        (list) => {
          if (gone) return;
          setPeople(list);
          setLoadError('');
        },
        (error: unknown) => {
          if (gone) return;
          setLoadError(
            failureKind(error) === 'offline'
              ? 'Sem conexão: a lista de pessoas aparece quando o sinal voltar.'
              : 'Não foi possível carregar as pessoas.',
          );
        },
      );
    return () => {
      gone = true;
    };
  }, [api, companyId, version]);

  const failed = (error: unknown, fallback: string) => {
    if (failureKind(error) === 'offline') toaster.create({ ...OFFLINE, type: 'warning' });
    else toaster.create({ title: serverMessage(error) || fallback, type: 'error' });
  };

  const invite = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateSubmission(INVITE_RULES, { name, email });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy('invite');
    try {
      await api.send(`/api/clientes/${companyId}/pessoas`, {
        method: 'POST',
        body: { name: name.trim(), email: email.trim(), admin },
        requestKey: null,
      });
      toaster.create({
        title: 'Convite enviado',
        description: `${name.trim()} recebe um e-mail em ${email.trim()} para criar a senha.`,
        type: 'success',
      });
      setName('');
      setEmail('');
      setAdmin(false);
      load();
    } catch (error) {
      setErrors(fieldMessages(error));
      failed(error, 'Não foi possível enviar o convite.');
    } finally {
      setBusy('');
    }
  };

  const act = async (person: Person, action: 'situacao' | 'convite') => {
    setBusy(person.id);
    try {
      await api.send(`/api/clientes/pessoas/${person.id}/${action}`, {
        method: 'POST',
        body: action === 'situacao' ? { disabled: !person.disabled } : {},
        requestKey: null,
      });
      toaster.create({
        title:
          action === 'convite'
            ? 'Convite enviado de novo'
            : person.disabled
              ? `${person.name || person.email} pode entrar de novo`
              : `O acesso de ${person.name || person.email} terminou agora`,
        type: 'success',
      });
      load();
    } catch (error) {
      failed(error, 'Não foi possível concluir.');
    } finally {
      setBusy('');
    }
  };

  return (
    <Stack gap="4">
      <Box borderWidth="1px" borderRadius="lg" p="4">
        <form onSubmit={invite} noValidate>
          <Stack gap="3">
            <Heading as="h3" size="md">
              Convidar pessoa
            </Heading>
            <TextField
              label="Nome"
              value={name}
              onValueChange={setName}
              error={errors.name}
              required
            />
            <TextField
              label="E-mail"
              type="email"
              inputMode="email"
              value={email}
              onValueChange={setEmail}
              error={errors.email}
              required
            />
            <Checkbox.Root checked={admin} onCheckedChange={(d) => setAdmin(d.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                Administrador (convida e desativa as pessoas da empresa)
              </Checkbox.Label>
            </Checkbox.Root>
            <Button
              type="submit"
              colorPalette="brand"
              loading={busy === 'invite'}
              alignSelf="start"
            >
              Enviar convite
            </Button>
          </Stack>
        </form>
      </Box>
      {loadError && <Text color="orange.fg">{loadError}</Text>}
      {people && (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Pessoas com acesso">
          {people.map((person) => {
            const state = situation(person);
            return (
              <Box
                as="li"
                key={person.id}
                borderWidth="1px"
                borderRadius="lg"
                p="3"
                aria-label={person.name || person.email}
              >
                <Flex justify="space-between" gap="2" wrap="wrap" align="center">
                  <Box minW="0">
                    <Text fontWeight="semibold">{person.name || person.email}</Text>
                    <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                      {person.email}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {CLIENT_KIND_LABELS[person.kind] ?? person.kind}
                    </Text>
                  </Box>
                  <Badge colorPalette={state.palette}>{state.label}</Badge>
                </Flex>
                {person.id !== selfId && (
                  <Flex gap="2" mt="2" wrap="wrap">
                    <Button
                      size="sm"
                      variant="outline"
                      colorPalette={person.disabled ? undefined : 'red'}
                      loading={busy === person.id}
                      onClick={() => void act(person, 'situacao')}
                    >
                      {person.disabled ? 'Reativar' : 'Desativar'}
                    </Button>
                    {!person.disabled && !person.verified && person.kind !== 'compartilhada' && (
                      <Button
                        size="sm"
                        variant="outline"
                        loading={busy === person.id}
                        onClick={() => void act(person, 'convite')}
                      >
                        Reenviar convite
                      </Button>
                    )}
                  </Flex>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
