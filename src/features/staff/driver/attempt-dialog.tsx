import { Button, Checkbox, Dialog, Field, Portal, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { TextField } from '../../../forms/text-field';
import {
  ATTEMPT_NOTE_MAX,
  ATTEMPT_REASONS,
  attemptsBadge,
  displayTrackingNumber,
  MAX_ATTEMPTS,
  newChangeTime,
  SHIPMENT_MESSAGES,
  type AttemptChange,
  type AttemptReason,
  type ShownRow,
} from '../../../domain';
import { currentPosition } from '../../../lib/position';
import { newRecordId } from '../../../offline';
import { checkNow } from '../tracking/api';
import { PhotoPicker } from '../tracking/photo-picker';
import { THUMB_TARGETS } from '../tracking/thumb';

/**
 * 'Não entregue': why the delivery did not happen, from a fixed list ('Outro motivo' asks for a
 * few words), with an optional photo and, only if the driver ticks it, the phone's position.
 */
export function AttemptDialog({
  row,
  onClose,
  onConfirm,
}: {
  row: ShownRow;
  onClose: () => void;
  onConfirm: (change: AttemptChange, photo?: Blob) => Promise<void>;
}) {
  const [reason, setReason] = useState<AttemptReason | ''>('');
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<Blob | undefined>();
  const [sharePosition, setSharePosition] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const next = row.attempts.length + 1;

  const confirm = async () => {
    const made: AttemptChange = {
      op: 'attempt',
      record: row.id,
      number: row.number,
      at: newChangeTime(),
      attempt: newRecordId(),
      reason: reason as AttemptReason,
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    const problems = checkNow(made);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const position = sharePosition ? await currentPosition() : null;
      await onConfirm(position ? { ...made, ...position } : made, photo);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content css={THUMB_TARGETS}>
            <Dialog.Header>
              <Dialog.Title>
                Não entregue:{' '}
                {row.number ? displayTrackingNumber(row.number) : SHIPMENT_MESSAGES.provisional}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text fontSize="sm" color="fg.muted">
                  Esta será a {attemptsBadge(next)}.
                  {next >= MAX_ATTEMPTS
                    ? ' A remessa sai da sua lista e vai para as pendências do escritório.'
                    : ''}
                </Text>
                <Field.Root invalid={Boolean(errors.reason)} required>
                  <RadioGroup.Root
                    value={reason}
                    onValueChange={(e) => setReason(e.value as AttemptReason)}
                    colorPalette="brand"
                    aria-label="Motivo"
                  >
                    <RadioGroup.Label mb="2">Motivo</RadioGroup.Label>
                    {/* Each reason a whole line a finger can hit: 44 px tall, 8 px apart. */}
                    <Stack gap="2">
                      {ATTEMPT_REASONS.map((r) => (
                        <RadioGroup.Item key={r.code} value={r.code} minH="11" width="full">
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>{r.label}</RadioGroup.ItemText>
                        </RadioGroup.Item>
                      ))}
                    </Stack>
                  </RadioGroup.Root>
                  {errors.reason && <Field.ErrorText>{errors.reason}</Field.ErrorText>}
                </Field.Root>
                {reason === 'outro' && (
                  <TextField
                    label="Descreva o motivo"
                    value={note}
                    onValueChange={setNote}
                    error={errors.note}
                    maxLength={ATTEMPT_NOTE_MAX}
                    autoComplete="off"
                    required
                  />
                )}
                <PhotoPicker label="Foto (opcional)" photo={photo} onPhoto={setPhoto} />
                <Checkbox.Root
                  minH="11"
                  checked={sharePosition}
                  onCheckedChange={(e) => setSharePosition(e.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Enviar minha localização com este registro</Checkbox.Label>
                </Checkbox.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancelar
              </Button>
              <Button colorPalette="orange" loading={busy} onClick={() => void confirm()}>
                Registrar tentativa
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
