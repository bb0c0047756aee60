import { Box, Button, HStack, List, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../domain';
import { STAFF_KINDS, type OutboxItem } from '../../lib/db';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { discardItem, itemSummary, kindLabel, retryItem } from '../../offline';

function stateText(item: OutboxItem): string {
  if (item.state === 'failed') return 'Não aceito pelo servidor';
  if (item.needsAuth) {
    return STAFF_KINDS.includes(item.kind)
      ? 'Aguardando você entrar de novo na área da equipe'
      : 'Aguardando você entrar de novo com a senha de acesso';
  }
  if (item.state === 'sending') return 'Enviando...';
  return item.attempts > 0 ? 'Aguardando conexão para reenviar' : 'Aguardando envio';
}

/** Where each kind of submission is typed: a refused one is opened back there to be corrected. */
const FORM_OF: Partial<Record<OutboxItem['kind'], string>> = {
  quote: paths.quote,
  urgent: paths.urgent,
  pickup: paths.pickupRequest,
};

export function OutboxEntry({ item }: { item: OutboxItem }) {
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="lg"
      p="3"
      aria-label={`${kindLabel(item.kind)} de ${formatDateTime(new Date(item.createdAt))}`}
    >
      <Text fontWeight="semibold">{kindLabel(item.kind)}</Text>
      {itemSummary(item) && <Text fontSize="sm">{itemSummary(item)}</Text>}
      <Text fontSize="sm" color="fg.muted">
        Feita em {formatDateTime(new Date(item.createdAt))}
      </Text>
      <Text fontSize="sm" color={item.state === 'failed' ? 'red.fg' : 'fg'}>
        {stateText(item)}
      </Text>
      {item.needsAuth && (
        <Button asChild size="xs" mt="2" colorPalette="brand">
          <RouterLink to={STAFF_KINDS.includes(item.kind) ? paths.trackingAdmin : paths.access}>
            {STAFF_KINDS.includes(item.kind) ? 'Entrar de novo' : 'Digitar a senha'}
          </RouterLink>
        </Button>
      )}
      {item.state === 'pending' && (
        <Button
          size="xs"
          mt="2"
          variant="outline"
          colorPalette="red"
          onClick={() => void discardItem(item.id)}
        >
          Cancelar envio
        </Button>
      )}
      {item.state === 'failed' && (
        <>
          {item.lastError && <Text fontSize="sm">{item.lastError}</Text>}
          {item.fieldErrors && Object.keys(item.fieldErrors).length > 0 && (
            <List.Root ps="5" fontSize="sm" color="red.fg">
              {Object.entries(item.fieldErrors).map(([field, message]) => (
                <List.Item key={field}>{message}</List.Item>
              ))}
            </List.Root>
          )}
          <HStack mt="2" wrap="wrap">
            {FORM_OF[item.kind] && (
              <Button asChild size="xs" colorPalette="brand">
                <RouterLink to={`${FORM_OF[item.kind]}?envio=${item.id}`}>
                  Abrir no formulário
                </RouterLink>
              </Button>
            )}
            <Button size="xs" variant="outline" onClick={() => void retryItem(item.id)}>
              Tentar de novo
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => void discardItem(item.id)}
            >
              Descartar
            </Button>
          </HStack>
        </>
      )}
    </Box>
  );
}
