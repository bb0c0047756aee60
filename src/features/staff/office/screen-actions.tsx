import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { memo, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { toaster } from '../../../components/toaster';
import {
  checkField,
  newChangeTime,
  normalizeTrackingNumber,
  TRACKING_NUMBER_RULE,
} from '../../../domain';
import { db } from '../../../lib/db';
import { newRecordId } from '../../../offline';
import { change } from '../tracking/use-tracking';

// The office screen's own parts that do not change with its list: drawn again only when their
// own props change, so a search keystroke does not draw them.

/** The screen's first buttons: drawn once (a state setter never changes). */
export const ScreenActions = memo(function ScreenActions({
  onScan,
  onLoad,
}: {
  onScan: (open: boolean) => void;
  onLoad: (open: boolean) => void;
}) {
  return (
    <>
      <Button asChild colorPalette="brand">
        <RouterLink to={paths.newShipment}>Nova remessa</RouterLink>
      </Button>
      <Button variant="outline" colorPalette="brand" onClick={() => onScan(true)}>
        Escanear etiqueta
      </Button>
      <Button variant="outline" colorPalette="brand" onClick={() => onLoad(true)}>
        Carregar veículo
      </Button>
    </>
  );
});

/**
 * 'Novo número de rastreio': a number registered by hand. Its own state, so that typing here
 * draws this form only, not the screen's list.
 */
export const RegisterNumber = memo(function RegisterNumber({
  isWaiting,
}: {
  /** Whether a registration of this number still waits on this device. */
  isWaiting: (number: string) => boolean;
}) {
  const [number, setNumber] = useState('');
  const register = async (e: FormEvent) => {
    e.preventDefault();
    const message = checkField(TRACKING_NUMBER_RULE, number, {});
    if (message) {
      toaster.create({ title: message, type: 'warning' });
      return;
    }
    const known =
      (await db.staffTracking.where('number').equals(number).count()) > 0 || isWaiting(number);
    if (known) {
      toaster.create({ title: 'Este número já foi registrado', type: 'error' });
      return;
    }
    const made = { op: 'register', record: newRecordId(), number, at: newChangeTime() } as const;
    setNumber('');
    if (!(await change(made, 'Número registrado com sucesso'))) setNumber(made.number);
  };
  return (
    <form onSubmit={register} noValidate>
      <HStack w="full" align="end">
        <Field.Root flex="1">
          <Field.Label>Novo número de rastreio</Field.Label>
          <Input
            value={number}
            onChange={(e) => setNumber(normalizeTrackingNumber(e.target.value))}
            inputMode="numeric"
            placeholder="Somente números"
            maxLength={32}
          />
        </Field.Root>
        <Button type="submit" colorPalette="brand">
          Registrar
        </Button>
      </HStack>
    </form>
  );
});
