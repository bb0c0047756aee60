import { Box, Button, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { TextField } from '../../../forms/text-field';
import { normalizeTrackingNumber, numberFromScan, shipmentNumberProblem } from '../../../domain';
import { THUMB_TARGETS } from './thumb';
import { seenLately, type RecentReads } from '../../../domain/loading';

export type CameraState = 'starting' | 'scanning' | 'no-camera' | 'no-reader';

export const CAMERA_TEXT: Record<CameraState, string> = {
  starting: 'Abrindo a câmera...',
  scanning: 'Aponte a câmera para o código de barras ou o QR code da etiqueta.',
  'no-camera': 'Não foi possível abrir a câmera. Digite o número da etiqueta.',
  'no-reader':
    'O leitor de etiquetas ainda não foi baixado neste aparelho: abra-o uma vez com sinal. Digite o número da etiqueta.',
};

/**
 * The rear camera reading our labels, shown in the `<video>` given `video`. `onNumber` answers
 * whether to go on reading.
 * 'single': a number is answered once for the dialog's life (the label held in front of the camera
 * is the one just answered). 'continuous' ('Carregar veículo', label after label): a number is
 * answered again once it was out of view for a moment (`seenLately`), and the reading never waits
 * for more than the handler's own answer.
 */
export function useLabelCamera(
  mode: 'single' | 'continuous',
  onNumber: (number: string) => Promise<boolean> | boolean,
): { video: RefObject<HTMLVideoElement | null>; camera: CameraState } {
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>('starting');
  // The latest handler, for the scanning loop started once.
  const handle = useRef(onNumber);
  useEffect(() => {
    handle.current = onNumber;
  }, [onNumber]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = '';
    let recent: RecentReads = new Map();
    // Whether this read is the label just answered, still in front of the camera.
    const repeated = (number: string) => {
      if (mode === 'single') {
        if (number === last) return true;
        last = number;
        return false;
      }
      const seen = seenLately(recent, number, performance.now());
      recent = seen.recent;
      return seen.repeat;
    };
    const start = async () => {
      let reader;
      try {
        reader = await import('../../../lib/barcode-reader').then((m) => m.createReader());
      } catch {
        if (!stopped) setCamera('no-reader');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch {
        if (!stopped) setCamera('no-camera');
        return;
      }
      if (stopped || !video.current) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setCamera('scanning');
      const tick = async () => {
        if (stopped) return;
        try {
          const found = video.current ? await reader.detect(video.current) : [];
          for (const code of found) {
            const number = numberFromScan(code.rawValue);
            if (!number || repeated(number)) continue;
            if (!(await handle.current(number))) return;
          }
        } catch {
          // A frame the decoder could not read: the next one.
        }
        timer = setTimeout(() => void tick(), 150);
      };
      void tick();
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [mode]);
  return { video, camera };
}

/**
 * 'Escanear etiqueta': the rear camera reads the Code 128 or the QR code of one of our labels;
 * typing the number is always offered beside it. `onNumber` answers null when the shipment was
 * opened, or the message to show (another driver's shipment, an unknown number) and the scan goes on.
 * `thumb`: on a driver's phone, every control sized for a finger (`THUMB_TARGETS`).
 */
export function ScanDialog({
  thumb,
  onClose,
  onNumber,
}: {
  thumb?: boolean;
  onClose: () => void;
  onNumber: (number: string) => Promise<string | null>;
}) {
  const [message, setMessage] = useState('');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const { video, camera } = useLabelCamera('single', async (number) => {
    const said = await onNumber(number);
    if (said === null) return false; // opened: the dialog closes
    setMessage(said);
    return true;
  });

  const open = async (e: FormEvent) => {
    e.preventDefault();
    const number = normalizeTrackingNumber(typed);
    const problem = number ? shipmentNumberProblem(number) : 'Digite o número da etiqueta.';
    setError(problem ?? '');
    if (problem) return;
    const said = await onNumber(number);
    if (said !== null) setError(said);
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content css={thumb ? THUMB_TARGETS : undefined}>
            <Dialog.Header>
              <Dialog.Title>Escanear etiqueta</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Box
                  bg="black"
                  borderRadius="md"
                  overflow="hidden"
                  display={camera === 'scanning' || camera === 'starting' ? 'block' : 'none'}
                >
                  <video
                    ref={video}
                    muted
                    playsInline
                    aria-label="Imagem da câmera"
                    style={{ width: '100%', maxHeight: '50vh', objectFit: 'cover' }}
                  />
                </Box>
                <Text role="status" fontSize="sm" color="fg.muted">
                  {CAMERA_TEXT[camera]}
                </Text>
                {message && (
                  <Text role="alert" color="red.fg" fontWeight="semibold">
                    {message}
                  </Text>
                )}
                <form onSubmit={(e) => void open(e)} noValidate>
                  <HStack align="end">
                    <Box flex="1">
                      <TextField
                        label="Ou digite o número"
                        value={typed}
                        onValueChange={(v) => setTyped(normalizeTrackingNumber(v))}
                        error={error}
                        inputMode="numeric"
                        autoComplete="off"
                        maxLength={32}
                      />
                    </Box>
                    <Button type="submit" colorPalette="brand" mb={error ? '7' : '0'}>
                      Abrir
                    </Button>
                  </HStack>
                </form>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Fechar
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
