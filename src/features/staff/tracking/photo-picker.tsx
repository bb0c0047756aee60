import { Button, Field, Image, Input } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { shrinkPhoto } from '../../../lib/photo';

/**
 * An optional photo from the rear camera, shrunk on the phone before it waits in the outbox.
 * The browser's own file button speaks the browser's language: ours is Portuguese.
 */
export function PhotoPicker({
  label,
  photo,
  onPhoto,
}: {
  label: string;
  photo: Blob | undefined;
  onPhoto: (photo: Blob) => void;
}) {
  const [preview, setPreview] = useState('');
  const [error, setError] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    try {
      const small = await shrinkPhoto(file);
      onPhoto(small);
      setPreview(URL.createObjectURL(small));
      setError('');
    } catch {
      setError('Não foi possível ler esta foto. Tire outra.');
    }
  };

  return (
    <>
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>{label}</Field.Label>
        <Input
          ref={fileInput}
          type="file"
          accept="image/*"
          capture="environment"
          display="none"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
          {photo ? 'Tirar outra foto' : 'Tirar foto'}
        </Button>
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      {preview && <Image src={preview} alt="Foto escolhida" maxH="40" borderRadius="md" />}
    </>
  );
}
