import {
  Box,
  Button,
  Field,
  HStack,
  Input,
  Link,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { manifestLink, paths } from '../../../config/paths';
import {
  formatDateTime,
  formatDay,
  manifestSheets,
  overlayChanges,
  todayInBrazil,
  type ManifestChoice,
} from '../../../domain';
import { db } from '../../../lib/db';
import { staffApi } from '../../../lib/pocketbase';
import { waitingChanges } from '../tracking/kept-list';
import { knownDrivers, refreshDrivers, signedInAsDriver, type Driver } from '../shipments/drivers';
import { StaffPage } from '../staff-page';
import { MANIFEST_PRINT_CSS, ManifestSheetView } from './manifest-sheet';

const DAY = /^\d{4}-\d\d-\d\d$/;

/**
 * The device's list with the changes still waiting on top (as the labels read it), so a romaneio
 * prints with no signal, shipments made offline included.
 */
async function readRows(ids: readonly string[]) {
  const kept = ids.length
    ? (await db.staffTracking.bulkGet([...ids])).filter((r) => r !== undefined)
    : await db.staffTracking.toArray();
  return overlayChanges(kept, await waitingChanges(), '');
}

/** When the sheet was printed: now, and again as the print dialog opens. */
function usePrintedAt() {
  const [at, setAt] = useState(() => formatDateTime(new Date()));
  useEffect(() => {
    const update = () => setAt(formatDateTime(new Date()));
    window.addEventListener('beforeprint', update);
    return () => window.removeEventListener('beforeprint', update);
  }, []);
  return at;
}

function ManifestScreen() {
  const [params, setParams] = useSearchParams();
  const idsParam = params.get('remessas') ?? '';
  const ids = useMemo(() => idsParam.split(',').filter(Boolean), [idsParam]);
  // A driver's account prints its own romaneio only (its device holds only its own stops anyway).
  const driverAccount = signedInAsDriver();
  const me = staffApi.authStore.record;
  const myName = String(me?.name || me?.email || '');
  const driver = driverAccount ? String(me?.id ?? '') : (params.get('motorista') ?? '');
  const dayParam = params.get('data') ?? '';
  const day = DAY.test(dayParam) ? dayParam : todayInBrazil();
  const printedAt = usePrintedAt();

  // The drivers kept on this device, asked again when the signal allows (the office's only).
  const [drivers, setDrivers] = useState<Driver[]>(knownDrivers);
  useEffect(() => {
    if (!driverAccount) void refreshDrivers().then(setDrivers);
  }, [driverAccount]);
  const nameOf = (id: string) =>
    driverAccount && id === me?.id ? myName : (drivers.find((d) => d.id === id)?.name ?? '');

  const rows = useLiveQuery(() => readRows(ids), [idsParam]);
  const choice: ManifestChoice | null = ids.length ? { ids } : driver ? { driver } : null;
  const sheets = rows && choice ? manifestSheets(rows, choice) : [];
  const listed = sheets.reduce((sum, s) => sum + s.stops, 0);
  const leftOut = ids.length ? new Set(ids).size - listed : 0;

  const choose = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  // One the URL names that this device does not know (its list is older): chosen all the same.
  const options =
    driver && !driverAccount && !drivers.some((d) => d.id === driver)
      ? [...drivers, { id: driver, name: 'Motorista não listado neste aparelho' }]
      : drivers;

  return (
    <Stack gap="4">
      <style>{MANIFEST_PRINT_CSS}</style>
      <Stack gap="3">
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'end' }}>
          {!driverAccount && ids.length === 0 && (
            <Field.Root maxW={{ md: 'sm' }}>
              <Field.Label>Motorista</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={driver}
                  onChange={(e) => choose('motorista', e.currentTarget.value)}
                >
                  <option value="">Escolha o motorista</option>
                  {options.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
          <Field.Root maxW={{ md: '3xs' }}>
            <Field.Label>Data do romaneio</Field.Label>
            <Input
              type="date"
              value={day}
              onChange={(e) => choose('data', e.currentTarget.value)}
            />
          </Field.Root>
        </Stack>
        <Text fontSize="sm" color="fg.muted">
          A lista traz todas as paradas em aberto do motorista, na ordem dele, qualquer que seja a
          previsão de entrega: a data é a do dia em que ele sai com as encomendas.
        </Text>
        {ids.length > 0 && (
          <Text>
            {ids.length === 1 ? '1 remessa escolhida' : `${ids.length} remessas escolhidas`} na
            lista.{' '}
            {!driverAccount && (
              <Link asChild>
                <RouterLink to={manifestLink({ day: dayParam || undefined })}>
                  Escolher por motorista
                </RouterLink>
              </Link>
            )}
          </Text>
        )}
        <HStack gap="3" wrap="wrap">
          <Button colorPalette="brand" disabled={listed === 0} onClick={() => window.print()}>
            Imprimir
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.trackingAdmin}>Voltar aos rastreamentos</RouterLink>
          </Button>
        </HStack>
        {rows !== undefined && leftOut > 0 && (
          <Text color="orange.fg" role="status">
            {leftOut === 1
              ? '1 remessa ficou de fora: entregue, devolvida, em pendência ou fora deste aparelho.'
              : `${leftOut} remessas ficaram de fora: entregues, devolvidas, em pendência ou fora deste aparelho.`}
          </Text>
        )}
        {rows !== undefined && ids.length === 0 && driver && listed === 0 && (
          <Text role="status">Nenhuma parada em aberto para este motorista.</Text>
        )}
        {rows !== undefined && !choice && (
          <Text role="status">Escolha o motorista para ver o romaneio.</Text>
        )}
      </Stack>
      {rows === undefined ? (
        <Loading />
      ) : (
        <Box data-manifest>
          {sheets
            .filter((s) => s.stops > 0)
            .map((sheet) => (
              <ManifestSheetView
                key={sheet.driver || 'sem-motorista'}
                sheet={sheet}
                driverName={nameOf(sheet.driver)}
                day={formatDay(day)}
                printedAt={printedAt}
              />
            ))}
        </Box>
      )}
    </Stack>
  );
}

/**
 * 'Romaneio': the A4 sheet a driver signs as he leaves with the parcels, for a driver
 * (`?motorista=<id>&data=aaaa-mm-dd`) or for shipments chosen on the office's list
 * (`?remessas=id,id`). Read from this device's list, so it prints with no signal.
 */
export default function ManifestPage() {
  return (
    <StaffPage title="Romaneio">
      <ManifestScreen />
    </StaffPage>
  );
}
