import { Grid } from '@chakra-ui/react';
import { TextField } from './text-field';

type FieldProps = (name: string) => {
  name: string;
  value: string;
  onValueChange: (v: string) => void;
  error?: string;
  required?: boolean;
};

/** Weight (kg, step 0,01) and the three dimensions (cm, step 0,1) of a parcel (SPEC.md §5). */
export function ParcelMeasures({ field, weightLabel }: { field: FieldProps; weightLabel: string }) {
  const number = { type: 'number', inputMode: 'decimal', min: '0' } as const;
  return (
    <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="4">
      <TextField label={weightLabel} step="0.01" {...number} {...field('weight')} />
      <TextField label="Comprimento (cm)" step="0.1" {...number} {...field('length')} />
      <TextField label="Largura (cm)" step="0.1" {...number} {...field('width')} />
      <TextField label="Altura (cm)" step="0.1" {...number} {...field('height')} />
    </Grid>
  );
}
