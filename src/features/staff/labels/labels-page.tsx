import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../../components/page-title';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { useHydrated } from '../../../hooks/use-hydrated';
import { useSession } from '../../../hooks/use-session';
import { db } from '../../../lib/db';
import {
  newChangeTime,
  overlayChanges,
  type TrackingChange,
} from '../../../domain/tracking-changes';
import { staffApi } from '../../../lib/pocketbase';
import { StaffSignIn } from '../staff-sign-in';
import { sendChanges } from '../tracking/api';
import { waitingChanges } from '../tracking/kept-list';
import { Label, LABEL_PRINT_CSS } from './label';

/**
 * 'Imprimir etiqueta': the labels of the shipments named in `?remessas=id,id`, from this device's
 * list (so it works with no signal), one 10×15 cm page each, the size of thermal label printers.
 */
export default function LabelsPage() {
  const [params] = useSearchParams();
  const ids = (params.get('remessas') ?? '').split(',').filter(Boolean);
  const token = useSession(staffApi);
  const hydrated = useHydrated();
  // The device's list with the changes still waiting on top: a shipment made with no signal
  // prints at once, under the reserved number it took.
  const rows = useLiveQuery(async () => {
    const kept = (await db.staffTracking.bulkGet(ids)).filter((r) => r !== undefined);
    return overlayChanges(kept, await waitingChanges(), '').filter((r) => ids.includes(r.id));
  }, [ids.join(',')]);
  const printable = (rows ?? []).filter((r) => r.number && r.shipment);
  // Each print goes into the shipments' history ('Etiqueta impressa'), whether from the button or
  // from the browser's own menu (both fire 'beforeprint'), with no signal too (the outbox keeps it).
  const printed = useRef(printable);
  useEffect(() => {
    printed.current = printable;
  });
  useEffect(() => {
    const note = () => {
      const at = newChangeTime();
      const changes = printed.current.map((row): TrackingChange => ({
        op: 'label',
        record: row.id,
        number: row.number,
        at,
      }));
      if (changes.length && staffApi.authStore.token) void sendChanges(changes);
    };
    window.addEventListener('beforeprint', note);
    return () => window.removeEventListener('beforeprint', note);
  }, []);
  if (!hydrated) return <Loading />;
  if (!token) {
    return (
      <Stack gap="4">
        <PageTitle title="Etiquetas" />
        <StaffSignIn />
      </Stack>
    );
  }
  const missing = ids.length - printable.length;
  return (
    <Stack gap="4">
      <style>{LABEL_PRINT_CSS}</style>
      <Box data-no-print>
        <PageTitle title="Etiquetas" />
        <HStack gap="3" wrap="wrap" mt="2">
          <Button
            colorPalette="brand"
            disabled={printable.length === 0}
            onClick={() => window.print()}
          >
            {printable.length > 1 ? `Imprimir ${printable.length} etiquetas` : 'Imprimir'}
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.trackingAdmin}>Voltar aos rastreamentos</RouterLink>
          </Button>
        </HStack>
        {rows !== undefined && missing > 0 && (
          <Text mt="2" color="orange.fg" role="status">
            {missing === 1
              ? '1 remessa sem etiqueta: número provisório (aguardando o servidor) ou fora deste aparelho.'
              : `${missing} remessas sem etiqueta: número provisório (aguardando o servidor) ou fora deste aparelho.`}
          </Text>
        )}
        <Text mt="2" fontSize="sm" color="fg.muted">
          Tamanho 10 × 15 cm: escolha a impressora de etiquetas, sem margens.
        </Text>
      </Box>
      {rows === undefined ? (
        <Loading />
      ) : (
        <Box data-labels>
          {printable.map((row) => (
            <Label key={row.id} number={row.number} details={row.shipment!} />
          ))}
        </Box>
      )}
    </Stack>
  );
}
