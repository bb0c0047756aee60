import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';
import { toaster } from '../../components/toaster';
import { paths } from '../../config/paths';
import { checkNewPassword, PASSWORD_MIN } from '../../domain/companies';
import type { FieldErrors } from '../../domain/fields';
import { TextField } from '../../forms/text-field';
import { clientApi, failureKind } from '../../lib/pocketbase';
import { signInClient } from './session';

/** The e-mail the invitation's token was made for (its payload says; the server checks it). */
function emailOf(token: string): string {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.email === 'string' ? payload.email : '';
  } catch {
    return '';
  }
}

/**
 * The link of an invitation e-mail: the person chooses a password and is signed in. The token
 * rides in the address's fragment, so the page's own load never sends it anywhere.
 */
export default function InvitePage() {
  const navigate = useNavigate();
  const [token] = useState(() =>
    typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.slice(1)),
  );
  const email = emailOf(token);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkNewPassword(password, again);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await clientApi.collection('clients').confirmPasswordReset(token, password, again);
    } catch (error) {
      setBusy(false);
      toaster.create(
        failureKind(error) === 'offline'
          ? {
              title: 'Sem conexão',
              description: 'Crie a senha quando o sinal voltar: o link continua valendo.',
              type: 'warning',
            }
          : {
              title: 'Link vencido ou já usado',
              description:
                'Peça um novo convite a quem convidou você (o link vale por 3 dias e uma vez só).',
              type: 'error',
            },
      );
      return;
    }
    const signedIn = email ? await signInClient(password, email) : { result: 'wrong' as const };
    setBusy(false);
    toaster.create({
      title: 'Senha criada',
      description: 'Bem-vindo à área do cliente.',
      type: 'success',
    });
    navigate(signedIn.result === 'ok' ? paths.pickupRequest : paths.access);
  };

  return (
    <Stack gap="4" maxW="sm" mx="auto">
      <PageTitle title="Criar senha" />
      {!token ? (
        <Text>
          Este endereço precisa do link completo do e-mail de convite. Abra o link direto do e-mail.
        </Text>
      ) : (
        <Box borderWidth="1px" borderRadius="xl" p="6">
          <form onSubmit={submit} noValidate>
            <Stack gap="4">
              {email && (
                <Text>
                  Acesso para <strong>{email}</strong>
                </Text>
              )}
              <TextField
                label="Nova senha"
                type="password"
                autoComplete="new-password"
                value={password}
                onValueChange={setPassword}
                error={errors.password}
                helper={`Pelo menos ${PASSWORD_MIN} caracteres.`}
                required
              />
              <TextField
                label="Repita a senha"
                type="password"
                autoComplete="new-password"
                value={again}
                onValueChange={setAgain}
                error={errors.passwordConfirm}
                required
              />
              <Button type="submit" colorPalette="brand" loading={busy} loadingText="Salvando...">
                Criar senha e entrar
              </Button>
            </Stack>
          </form>
        </Box>
      )}
    </Stack>
  );
}
