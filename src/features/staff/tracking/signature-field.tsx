import { Box, Button, Field, HStack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';

/**
 * The receiver's signature drawn on the glass (optional): `signature_pad` (pointer events: a
 * finger, a stylus or a mouse), loaded only once the delivery dialog opens so no page's first load
 * carries it (the service worker keeps its chunk, so it opens with no signal too). Each finished
 * stroke hands the drawing over as a PNG on white, which waits in the outbox beside the photo.
 */
export function SignatureField({ onSignature }: { onSignature: (png: Blob | undefined) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [signed, setSigned] = useState(false);
  const [failed, setFailed] = useState(false);
  const report = useRef(onSignature);
  useEffect(() => {
    report.current = onSignature;
  }, [onSignature]);

  useEffect(() => {
    let gone = false;
    import('signature_pad')
      .then(({ default: Pad }) => {
        const el = canvas.current;
        if (gone || !el) return;
        // As many pixels as the screen has, so the stroke is sharp on a phone.
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        el.width = el.offsetWidth * ratio;
        el.height = el.offsetHeight * ratio;
        el.getContext('2d')!.scale(ratio, ratio);
        const drawn = new Pad(el, { backgroundColor: 'rgb(255, 255, 255)', penColor: '#111' });
        drawn.addEventListener('endStroke', () => {
          setSigned(true);
          el.toBlob((png) => report.current(png ?? undefined), 'image/png');
        });
        pad.current = drawn;
      })
      .catch(() => !gone && setFailed(true));
    return () => {
      gone = true;
      pad.current?.off();
      pad.current = null;
    };
  }, []);

  const clear = () => {
    pad.current?.clear();
    setSigned(false);
    report.current(undefined);
  };

  return (
    <Field.Root>
      <Field.Label>Assinatura do recebedor (opcional)</Field.Label>
      <Box
        as="canvas"
        ref={canvas}
        aria-label="Área da assinatura: desenhe com o dedo"
        width="full"
        height="40"
        borderWidth="1px"
        borderColor="border.emphasized"
        borderRadius="md"
        bg="white"
        css={{ touchAction: 'none' }}
      />
      {failed ? (
        <Text fontSize="sm" color="fg.error">
          Não foi possível abrir a área da assinatura. A entrega pode ser registrada sem ela.
        </Text>
      ) : (
        <HStack justify="space-between" width="full">
          <Text fontSize="sm" color="fg.muted">
            {signed ? 'Assinatura feita.' : 'Peça ao recebedor que assine no quadro.'}
          </Text>
          <Button variant="outline" size="sm" onClick={clear} disabled={!signed}>
            Limpar
          </Button>
        </HStack>
      )}
    </Field.Root>
  );
}
