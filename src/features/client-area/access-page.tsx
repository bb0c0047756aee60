import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { memo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PasswordField } from '../../forms/form-fields';
import { TextField } from '../../forms/text-field';
import { PageTitle } from '../../components/page-title';
import { toaster } from '../../components/toaster';
import { paths } from '../../config/paths';

const MESSAGES = {
  wrong: { title: 'Acesso negado', description: 'Senha incorreta. Por favor, tente novamente.' },
  disabled: { title: 'Acesso desativado', description: '' },
  'rate-limit': {
    title: 'Muitas tentativas',
    description: 'Aguarde um minuto antes de tentar de novo.',
  },
  offline: {
    title: 'Sem conexão',
    description:
      'Para entrar é preciso estar conectado à internet. Tente de novo quando o sinal voltar.',
  },
} as const;

const TITLE = 'Acesso Restrito';

/**
 * The sign-in. Also what the request form's address shows until the page knows whether this
 * device has a session (src/features/client-area/client-area.tsx): then with the form's document
 * title. When a visitor with no session is then sent to the sign-in's own address, only the
 * title changes: the form below is not drawn again.
 */
export default function AccessPage({ documentTitle = TITLE }: { documentTitle?: string }) {
  return (
    <Stack gap="4" maxW="sm" mx="auto">
      <PageTitle title={documentTitle} heading={TITLE} />
      <SignIn />
    </Stack>
  );
}

const SignIn = memo(function SignIn() {
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    // Fetched on the first try, not with the page: what a session brings along (the address
    // book and its rules) would otherwise be evaluated while the sign-in comes alive.
    // (A page opened before the app was installed, then offline, may not get it: no signal.)
    const session = await import('./session').catch(() => null);
    const { result, message } = session
      ? await session.signInClient(password, email)
      : { result: 'offline' as const, message: undefined };
    setBusy(false);
    if (result === 'ok') {
      // Routine news: on a phone it lies over the bottom of the next page for seconds, where that
      // page's button may be; a tap there reaches the button.
      toaster.notice('acesso', {
        title: 'Acesso autorizado',
        description: 'Bem-vindo ao sistema de solicitações.',
        type: 'success',
      });
      navigate(paths.pickupRequest);
      return;
    }
    setPassword('');
    toaster.replace('acesso', {
      ...MESSAGES[result],
      ...(result === 'wrong' && email.trim()
        ? { description: 'E-mail ou senha incorretos. Por favor, tente novamente.' }
        : {}),
      ...(message ? { description: message } : {}),
      type: result === 'offline' ? 'warning' : 'error',
    });
  };

  return (
    <>
      <Text color="fg.muted">
        Área do cliente corporativo para solicitar coletas de amostras, peças e documentos.
      </Text>
      <Box as="form" onSubmit={submit} borderWidth="1px" borderRadius="xl" p="6">
        <Stack gap="4">
          <TextField
            label="E-mail"
            type="email"
            inputMode="email"
            autoComplete="username"
            value={email}
            onValueChange={setEmail}
            helper="Com acesso pessoal, entre com seu e-mail. Sem e-mail, use a senha compartilhada da empresa."
          />
          <PasswordField value={password} onValueChange={setPassword} />
          <Button type="submit" colorPalette="brand" loading={busy} loadingText="Verificando...">
            Acessar Sistema
          </Button>
        </Stack>
      </Box>
    </>
  );
});
