import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../forms/form-fields';
import { TextField } from '../../forms/text-field';
import { toaster } from '../../components/toaster';
import { refusedSignInText } from '../../domain/sign-in';
import { failureKind, serverMessage } from '../../lib/pocketbase';
import { signInStaff } from './tracking/api';

export function StaffSignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!navigator.onLine) {
      toaster.replace('entrar-equipe', {
        title: 'Sem conexão',
        description: 'Para entrar é preciso estar conectado.',
        type: 'warning',
      });
      return;
    }
    setBusy(true);
    try {
      await signInStaff(email.trim(), password);
      setPassword('');
      // An earlier attempt's 'E-mail ou senha incorretos' would stay over the list now shown.
      toaster.dismiss('entrar-equipe');
    } catch (error) {
      const kind = failureKind(error);
      toaster.replace(
        'entrar-equipe',
        kind === 'rate-limit'
          ? {
              // The server says how long: a few seconds, or the account's lock.
              title: 'Muitas tentativas',
              description: refusedSignInText(serverMessage(error)),
              type: 'error',
            }
          : kind === 'offline'
            ? {
                title: 'Sem conexão',
                description: 'Para entrar é preciso estar conectado.',
                type: 'warning',
              }
            : {
                title: 'Não foi possível entrar',
                description: 'E-mail ou senha incorretos.',
                type: 'error',
              },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box maxW="sm" borderWidth="1px" borderRadius="xl" p="6">
      <Heading as="h2" size="lg" mb="1">
        Entrar
      </Heading>
      <Text color="fg.muted" mb="4" fontSize="sm">
        Acesso da equipe para atualizar os rastreios.
      </Text>
      <form onSubmit={submit}>
        <Stack gap="4">
          <TextField
            label="E-mail"
            type="email"
            autoComplete="username"
            value={email}
            onValueChange={setEmail}
            required
          />
          <PasswordField value={password} onValueChange={setPassword} />
          <Button type="submit" colorPalette="brand" loading={busy} loadingText="Entrando...">
            Entrar
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
