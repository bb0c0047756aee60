import { Button, Checkbox, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { TextField } from '../../../forms/text-field';
import {
  DELIVERED_STAGE,
  displayTrackingNumber,
  formatCpf,
  isPinShape,
  newChangeTime,
  PIN_LENGTH,
  PIN_MESSAGES,
  pinTriesLeft,
  wrongPinText,
  type PinChange,
  type ShownRow,
  type StageChange,
} from '../../../domain';
import { pinMatches } from '../../../lib/pin-check';
import { currentPosition } from '../../../lib/position';
import { newRecordId } from '../../../offline';
import { toaster } from '../../../components/toaster';
import { PhotoPicker } from './photo-picker';
import { SignatureField } from './signature-field';
import { checkNow, sendChange } from './api';
import { THUMB_TARGETS } from './thumb';
import { change } from './use-tracking';

/**
 * Proof of delivery: who received (required), their CPF and a photo (optional), and the delivery
 * code when the shipment asks for one. The code is checked here against the hash the shipment
 * carries (no signal needed); a wrong one is counted through the outbox like any change, and the
 * fifth sends the stop to 'Pendências'. `thumb`: on a driver's phone, every control sized for a
 * finger (`THUMB_TARGETS`), and the choice to send the phone's position with the delivery (it goes
 * on the client company's 'Comprovante de entrega').
 */
export function DeliveryDialog({
  row,
  thumb,
  onClose,
  onConfirm,
}: {
  row: ShownRow;
  thumb?: boolean;
  onClose: () => void;
  onConfirm: (
    receiver: {
      receiverName: string;
      receiverCpf: string;
      pin?: string;
      latitude?: number;
      longitude?: number;
    },
    photo?: Blob,
    signature?: Blob,
  ) => Promise<void>;
}) {
  // Whom the shipment was addressed to at the door: the usual answer, still editable.
  const [name, setName] = useState(String(row.shipment?.recipientReceiver ?? ''));
  const [cpf, setCpf] = useState('');
  const [photo, setPhoto] = useState<Blob | undefined>();
  const [signature, setSignature] = useState<Blob | undefined>();
  const [sharePosition, setSharePosition] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pin, setPin] = useState('');
  // Wrong codes already counted when the dialog opened, and those typed since.
  const [wrongBefore] = useState(row.pinWrong ?? 0);
  const [wrongHere, setWrongHere] = useState(0);

  /** A wrong code: counted on the server through the outbox, and said here with the tries left. */
  const wrongCode = async (typed: string) => {
    const made: PinChange = {
      op: 'pin',
      record: row.id,
      number: row.number,
      at: newChangeTime(),
      attempt: newRecordId(),
      pin: typed,
    };
    await sendChange(made);
    const left = pinTriesLeft(wrongBefore + wrongHere + 1);
    setWrongHere((n) => n + 1);
    setPin('');
    if (left > 0) {
      setErrors({ pin: wrongPinText(left) });
      return;
    }
    toaster.create({ title: PIN_MESSAGES.wentPending, type: 'error', duration: 10_000 });
    onClose();
  };

  const confirm = async () => {
    const receiver = {
      receiverName: name.trim(),
      receiverCpf: cpf.replace(/\D/g, ''),
      ...(row.pin ? { pin } : {}),
    };
    const problems = checkNow({
      op: 'stage',
      number: row.number,
      stage: DELIVERED_STAGE,
      set: true,
      at: newChangeTime(),
      ...receiver,
    });
    if (row.pin && !isPinShape(pin)) {
      problems.pin = pin ? PIN_MESSAGES.format : PIN_MESSAGES.required;
    }
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      if (row.pin && !(await pinMatches(pin, row.pin))) await wrongCode(pin);
      else {
        const position = sharePosition ? await currentPosition() : null;
        await onConfirm(position ? { ...receiver, ...position } : receiver, photo, signature);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content css={thumb ? THUMB_TARGETS : undefined}>
            <Dialog.Header>
              <Dialog.Title>Registrar entrega de {displayTrackingNumber(row.number)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {row.pin && (
                  <TextField
                    label={PIN_MESSAGES.label}
                    value={pin}
                    onValueChange={(v) => setPin(v.replace(/\D/g, '').slice(0, PIN_LENGTH))}
                    error={errors.pin}
                    helper={PIN_MESSAGES.helper}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={PIN_LENGTH}
                    placeholder="0000"
                    required
                  />
                )}
                <TextField
                  label="Nome de quem recebeu"
                  value={name}
                  onValueChange={setName}
                  error={errors.receiverName}
                  autoComplete="off"
                  required
                />
                <TextField
                  label="CPF de quem recebeu (opcional)"
                  value={cpf}
                  onValueChange={setCpf}
                  format={formatCpf}
                  error={errors.receiverCpf}
                  inputMode="numeric"
                  placeholder="000.000.000-00"
                />
                <PhotoPicker label="Foto da entrega (opcional)" photo={photo} onPhoto={setPhoto} />
                <SignatureField onSignature={setSignature} />
                {thumb && (
                  <Checkbox.Root
                    minH="11"
                    checked={sharePosition}
                    onCheckedChange={(e) => setSharePosition(e.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>Enviar minha localização com esta entrega</Checkbox.Label>
                  </Checkbox.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancelar
              </Button>
              <Button colorPalette="green" loading={busy} onClick={() => void confirm()}>
                Confirmar entrega
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** 'Encomenda entregue' ticked: who received it asked, then the change kept and sent. */
export function RecordDelivery({
  row,
  thumb,
  onDone,
}: {
  row: ShownRow;
  thumb?: boolean;
  onDone: () => void;
}) {
  return (
    <DeliveryDialog
      row={row}
      thumb={thumb}
      onClose={onDone}
      onConfirm={async (receiver, photo, signature) => {
        const made: StageChange = {
          op: 'stage',
          record: row.id,
          number: row.number,
          stage: DELIVERED_STAGE,
          set: true,
          at: newChangeTime(),
          ...receiver,
        };
        // The photo and the signature wait apart, each following the delivery to the server.
        const files = [
          ...(photo ? [{ target: 'entrega', blob: photo }] : []),
          ...(signature ? [{ target: 'assinatura', blob: signature }] : []),
        ];
        const kept = await change(made, 'Entrega registrada', files);
        if (kept) onDone();
      }}
    />
  );
}
